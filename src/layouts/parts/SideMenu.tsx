import { Menu, type MenuProps } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderUrlTemplate } from '../../router/urlTemplate';
import { urlTemplateScope } from '../../router/urlScope';
import { permissionsAtom, tenantIdAtom, tokenAtom } from '../../state/session';
import { menuIcon } from '@widgets/shared/menuIcons';
import { signalListReload } from '@renderer/list/reloadSignal';
import { findMenuItemByKey, menuSelection, visibleMenu, type MenuNode } from './menuModel';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: MenuNode[]): Items {
  return nodes.map((node) => {
    const target = node.item.meta?.target;
    const label = target ? (
      <a href={node.key} target={target} rel="noreferrer" onClick={(e) => e.stopPropagation()}>
        {node.title}
      </a>
    ) : (
      node.title
    );
    return node.children
      ? { key: node.key, icon: menuIcon(node.icon), label: node.title, children: toItems(node.children) }
      : { key: node.key, icon: menuIcon(node.icon), label };
  });
}

export interface SideMenuProps {
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ mode, theme, collapsed, onNavigate }: SideMenuProps) {
  const permissions = useAtomValue(permissionsAtom);
  const menu = useMemo(() => permissions?.menu ?? [], [permissions]);
  const token = useAtomValue(tokenAtom);
  const tenantId = useAtomValue(tenantIdAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const nodes = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toItems(nodes), [nodes]);
  const rootKeys = useMemo(() => nodes.map((n) => n.key), [nodes]);
  const selection = useMemo(() => menuSelection(menu, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);

  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...(mode === 'inline' ? keys : []), ...selection.openKeys])));
  }, [selection, mode]);

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    // Inline accordion: opening a root submenu closes the other roots.
    setOpenKeys(latest && rootKeys.includes(latest) ? keys.filter((k) => !rootKeys.includes(k) || k === latest) : keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findMenuItemByKey(menu, key);
    const url = item?.meta?.url;
    if (item?.meta?.internalOrExternal && url) {
      window.open(renderUrlTemplate(url, urlTemplateScope(token, tenantId)), '_blank', 'noopener');
      return;
    }
    if (item?.meta?.target) return;
    // a page already open (this tab or kept alive) shows fresh rows when its menu item is clicked again
    if (item?.component) signalListReload([item.component]);
    navigate(key);
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selection.selectedKeys}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {})}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      onClick={onClick}
      style={
        mode === 'horizontal'
          ? { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '58px', background: 'transparent' }
          : { borderInlineEnd: 0 }
      }
    />
  );
}
