import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { closeLeft, closeOthers, closeRight, closeTab, isHomeTab, type TabChange, type TabState } from '../../state/tabs';

export type TabCommand = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

const CONTEXT_ITEMS: MenuProps['items'] = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其它' },
];

/** Multi-page tab bar with its right-click menu. */
export function TabBar({
  state,
  onChange,
  onActivate,
  onRefresh,
}: {
  state: TabState;
  onChange: (next: TabState) => void;
  onActivate: (key: string) => void;
  onRefresh: (key: string) => void;
}) {
  const { message } = App.useApp();

  const apply = (change: TabChange) => {
    if (change.warning) {
      message.warning(change.warning);
      return;
    }
    onChange({ tabs: change.tabs, activeKey: change.activeKey });
  };

  const run = (command: TabCommand, key: string) => {
    if (command === 'refresh') onRefresh(key);
    else if (command === 'closeLeft') apply(closeLeft(state, key));
    else if (command === 'closeRight') apply(closeRight(state, key));
    else apply(closeOthers(state, key));
  };

  return (
    <Tabs
      className="app-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.activeKey}
      onChange={onActivate}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && apply(closeTab(state, key))}
      items={state.tabs.map((tab) => ({
        key: tab.key,
        closable: !isHomeTab(tab),
        label: (
          <Dropdown trigger={['contextMenu']} menu={{ items: CONTEXT_ITEMS, onClick: ({ key }) => run(key as TabCommand, tab.key) }}>
            <span data-tab-key={tab.key}>{tab.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
