import { Button, Space } from 'antd';
import { useRenderer } from '../context';
import type { ListAction } from '@contract/schema-types.gen';
import { actionDisabled, actionShown } from '../actions/rules';
import { actionScope } from '../actions/scope';
import { useListContext } from './ListContext';

/** The schema's own toolbar buttons (`toolbar.actions`), acting on the list's selection. */
export function ToolbarActions({ actions }: { actions: ListAction[] }) {
  const list = useListContext();
  const { can, user } = useRenderer();
  const scope = actionScope(list, undefined, user);
  return (
    <Space wrap>
      {actions
        .filter((action) => actionShown(action, scope, can))
        .map((action) => (
          <Button
            key={action.key ?? action.text}
            type={action.primary ? 'primary' : 'default'}
            danger={action.danger}
            disabled={actionDisabled(action, scope)}
            onClick={() => void list.runAction(action)}
          >
            {action.text}
          </Button>
        ))}
    </Space>
  );
}
