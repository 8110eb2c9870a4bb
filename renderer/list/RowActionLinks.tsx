import { Fragment, type ReactNode } from 'react';
import { Divider, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useRenderer } from '../context';
import type { ListAction, ListPage } from '@contract/schema-types.gen';
import { actionDisabled, actionShown } from '../actions/rules';
import { actionScope } from '../actions/scope';
import { actionAllowed } from './actions';
import { useListContext } from './ListContext';
import type { Row } from './useListPage';

export interface RowHandlers {
  onEdit(record: Row): void;
  onDetail(record: Row): void;
}

/** Which of the built-in row actions a page shows (absent ones default to what the page can do). */
export function builtinRowActions(schema: ListPage, can: (code: string) => boolean) {
  const rowActions = schema.rowActions;
  return {
    edit: actionAllowed(rowActions?.edit, can, !!schema.form && !!schema.url.edit),
    detail: actionAllowed(rowActions?.detail, can, !!schema.form),
    delete: actionAllowed(rowActions?.delete, can, !!schema.url.delete),
  };
}

/** Whether the page has an 操作 column at all: a built-in action or a schema action the user may run. */
export function hasRowActions(schema: ListPage, can: (code: string) => boolean): boolean {
  const builtin = builtinRowActions(schema, can);
  const permitted = (actions: ListAction[] | undefined) => (actions ?? []).some((a) => !a.auth || can(a.auth));
  return builtin.edit || builtin.detail || builtin.delete || permitted(schema.rowActions?.actions) || permitted(schema.rowActions?.more);
}

const keyOf = (action: ListAction) => action.key ?? action.text;

/**
 * The 操作 cell of one row: 编辑, the schema's row actions, then 更多 with 详情, the schema's
 * `more` actions and 删除 (详情 alone stands as a link of its own). Actions see the row as `$record`.
 */
export function RowActionLinks({ record, handlers }: { record: Row; handlers: RowHandlers }) {
  const list = useListContext();
  const { can, user } = useRenderer();
  const builtin = builtinRowActions(list.schema, can);
  const scope = actionScope(list, record, user);
  const shown = (actions: ListAction[] | undefined) => (actions ?? []).filter((action) => actionShown(action, scope, can));
  const inline = shown(list.schema.rowActions?.actions);
  const more = shown(list.schema.rowActions?.more);

  const links: ReactNode[] = [];
  if (builtin.edit) links.push(<a onClick={() => handlers.onEdit(record)}>编辑</a>);
  for (const action of inline) {
    const disabled = actionDisabled(action, scope);
    links.push(
      <a
        aria-disabled={disabled || undefined}
        style={disabled ? { color: 'rgba(0, 0, 0, 0.25)', cursor: 'not-allowed' } : action.danger ? { color: '#ff4d4f' } : undefined}
        onClick={disabled ? undefined : () => void list.runAction(action, record)}
      >
        {action.text}
      </a>,
    );
  }
  const items: NonNullable<MenuProps['items']> = [
    ...(builtin.detail ? [{ key: '__detail', label: '详情' }] : []),
    ...more.map((action) => ({
      key: `action:${keyOf(action)}`,
      label: action.text,
      danger: action.danger,
      disabled: actionDisabled(action, scope),
    })),
    ...(builtin.delete ? [{ key: '__delete', label: '删除' }] : []),
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === '__detail') handlers.onDetail(record);
    else if (key === '__delete') {
      void list.notify.confirm({ title: '确定删除吗?' }).then((ok) => {
        if (ok) void list.remove(record);
      });
    } else {
      const action = more.find((a) => `action:${keyOf(a)}` === key);
      if (action) void list.runAction(action, record);
    }
  };
  if (links.length === 0 && items.length === 1 && builtin.detail) {
    // A reader's only action: 详情 as a link of its own rather than alone in 更多.
    links.push(<a onClick={() => handlers.onDetail(record)}>详情</a>);
  } else if (items.length > 0) {
    links.push(
      <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
        <a>
          更多 <DownOutlined />
        </a>
      </Dropdown>,
    );
  }
  return (
    <span className="renderer-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {links.map((link, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider type="vertical" />}
          {link}
        </Fragment>
      ))}
    </span>
  );
}
