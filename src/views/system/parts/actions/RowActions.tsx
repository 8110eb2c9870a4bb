import { useCallback, useRef } from 'react';
import { Divider, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { CellProps } from '@renderer/registry';
import { AdminDialog } from '../dialogs/registry';
import { reloadListAround } from './listBridge';
import { rowVisible, type AdminActionSpec } from './spec';
import { useAdminAction } from './useAdminAction';

/**
 * Table cell with a row's extra actions (`props.actions`), e.g. 密码 / 冻结 / 解冻 on users or 授权 on roles;
 * actions marked `more` go under a 更多 menu after the others.
 * Column in the page schema: `{ "dataIndex": "id", "title": "…", "component": "AdminRowActions", "props": { "actions": [...] } }`.
 */
export function AdminRowActions({ record, props }: CellProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const reload = useCallback(() => void reloadListAround(anchor.current), []);
  const { run, dialog, closeDialog, can } = useAdminAction(reload);
  const actions = ((props?.actions ?? []) as AdminActionSpec[]).filter((a) => (!a.auth || can(a.auth)) && rowVisible(a, record));
  const direct = actions.filter((a) => !a.more);
  const more = actions.filter((a) => a.more);
  return (
    <span ref={anchor} className="admin-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {direct.map((action, index) => (
        <span key={action.key}>
          {index > 0 && <Divider type="vertical" />}
          <a className={action.danger ? 'admin-danger' : undefined} onClick={() => void run(action, { record })}>
            {action.text}
          </a>
        </span>
      ))}
      {more.length > 0 && (
        <>
          {direct.length > 0 && <Divider type="vertical" />}
          <Dropdown
            trigger={['click']}
            menu={{
              items: more.map((action) => ({ key: action.key, label: action.text, danger: action.danger })),
              onClick: ({ key }) => {
                const action = more.find((a) => a.key === key);
                if (action) void run(action, { record });
              },
            }}
          >
            <a>
              更多 <DownOutlined />
            </a>
          </Dropdown>
        </>
      )}
      {dialog?.spec.dialog && (
        <AdminDialog name={dialog.spec.dialog} record={dialog.record} props={dialog.spec.dialogProps ?? {}} onClose={closeDialog} onChanged={reload} />
      )}
    </span>
  );
}
