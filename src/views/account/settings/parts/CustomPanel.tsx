import { List, Switch } from 'antd';
import { useAtom } from 'jotai';
import { settingsAtom, THEME_PALETTE } from '../../../../state/settings';

/** 个性化: dark/white menu style and the current theme colour (changed in the settings drawer). */
export function CustomPanel() {
  const [settings, update] = useAtom(settingsAtom);
  const colour = THEME_PALETTE.find((p) => p.color.toLowerCase() === settings.color.toLowerCase());
  return (
    <List itemLayout="horizontal">
      <List.Item
        actions={[
          <Switch
            key="theme"
            checkedChildren="暗色"
            unCheckedChildren="白色"
            checked={settings.theme === 'dark'}
            onChange={(dark) => update({ theme: dark ? 'dark' : 'light' })}
          />,
        ]}
      >
        <List.Item.Meta title="风格配色" description="整体风格配色设置" />
      </List.Item>
      <List.Item actions={[<span key="colour">{colour?.name ?? settings.color}</span>]}>
        <List.Item.Meta title="主题色" description="页面风格配色： " />
      </List.Item>
    </List>
  );
}
