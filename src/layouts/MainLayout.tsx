import { FeedbackApp } from '../components/FeedbackApp';
import { App, Drawer, Layout } from 'antd';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { RendererProvider } from '@renderer/context';
import { logoutSession, setLowAppId } from '../api/http';
import { rendererServices } from '../api/rendererServices';
import { HOME_PATH, LOGO_TITLE, LOGIN_PATH, PLATFORM_NAME, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../config';
import { useIsMobile } from '../hooks/useIsMobile';
import type { MenuRoute } from '../router/menuRoutes';
import { menuRoutesAtom } from '../router/menuState';
import { settingsAtom } from '../state/settings';
import { userInfoAtom } from '../state/session';
import { HOME_TAB, openTab, tabStateAtom, type TabState } from '../state/tabs';
import { StorageKey, readStored, removeStored, writeStored } from '../state/storage';
import { GlobalFooter } from './GlobalFooter';
import { AppBreadcrumb } from './parts/AppBreadcrumb';
import { unlistedPageTitleAtom } from '../state/page-title';
import { ChangePasswordModal } from './parts/ChangePasswordModal';
import { DepartSelectModal } from './parts/DepartSelectModal';
import { GlobalHeader } from './parts/GlobalHeader';
import { KeepAliveOutlet } from './parts/KeepAliveOutlet';
import { SettingsDrawer } from './parts/SettingsDrawer';
import { SideMenu } from './parts/SideMenu';
import { TabBar } from './parts/TabBar';
import { registerAppFieldTypes } from '../registerFieldTypes';

// The signed-in app's start-up (this module loads once, before its first render): renderer, widgets, system views.
registerAppFieldTypes();

export function findRoute(routes: readonly MenuRoute[], pathname: string): MenuRoute | undefined {
  return routes.find((r) => r.path === pathname) ?? routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

export function documentTitle(pathname: string, title: string | undefined): string {
  return pathname === HOME_PATH || !title ? PLATFORM_NAME : `${title} · ${PLATFORM_NAME}`;
}

function Logo({ collapsed, dark, showTitle = true }: { collapsed: boolean; dark: boolean; showTitle?: boolean }) {
  return (
    <Link
      to={HOME_PATH}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 59,
        padding: collapsed ? '0 24px' : '0 20px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      <img src="/logo.svg" alt="" width={32} height={32} />
      {!collapsed && showTitle && (
        <span style={{ fontSize: 17, fontWeight: 600, color: dark ? '#fff' : 'rgba(0,0,0,.85)' }}>{LOGO_TITLE}</span>
      )}
    </Link>
  );
}

export default function MainLayout() {
  return (
    <FeedbackApp>
      <MainLayoutFrame />
    </FeedbackApp>
  );
}

/** The page's document title and low-code app id, and (multi-page) a tab for the page. */
function useRouteEffects(route: MenuRoute | undefined, unlistedTitle: string | undefined, multipage: boolean) {
  const location = useLocation();
  const setTabState = useSetAtom(tabStateAtom);
  const fullPath = location.pathname + location.search;

  useEffect(() => {
    document.title = documentTitle(location.pathname, route?.title ?? unlistedTitle);
    setLowAppId(route?.name?.startsWith('low-app') ? (new URLSearchParams(location.search).get('appId') ?? undefined) : undefined);
  }, [location.pathname, location.search, route, unlistedTitle]);

  useEffect(() => {
    if (!multipage || !route || route.redirect || route.item.meta?.hideTab) return;
    setTabState((s) =>
      openTab(s, { key: fullPath, path: location.pathname, title: route.title, componentName: route.item.meta?.componentName }),
    );
  }, [multipage, fullPath, location.pathname, route, setTabState]);
}

/** Keep-alive: every open tab when multipage, else the keepAlive routes by componentName. */
function useKeepAlive(route: MenuRoute | undefined, multipage: boolean, fullPath: string, tabs: TabState['tabs']) {
  const [cachedNames, setCachedNames] = useState<string[]>(() => readStored<string[]>(StorageKey.cachedRoutes, []));
  const componentName = route?.item.meta?.componentName;
  const keepAliveRoute = !!(route?.item.meta?.keepAlive && componentName);
  useEffect(() => {
    if (!keepAliveRoute || !componentName || cachedNames.includes(componentName)) return;
    const next = [...cachedNames, componentName];
    setCachedNames(next);
    writeStored(StorageKey.cachedRoutes, next);
  }, [keepAliveRoute, componentName, cachedNames]);

  const currentKey = multipage ? fullPath : keepAliveRoute ? `component:${componentName}` : fullPath;
  const liveKeys = useMemo(
    () => new Set(multipage ? tabs.map((t) => t.key) : cachedNames.map((n) => `component:${n}`)),
    [multipage, tabs, cachedNames],
  );
  return { currentKey, liveKeys, cacheCurrent: multipage || keepAliveRoute };
}

/** With a fixed, auto-hiding header: hidden once the page has scrolled past 100 px. */
function useHeaderHidden(fixedHeader: boolean, autoHideHeader: boolean): boolean {
  const [headerHidden, setHeaderHidden] = useState(false);
  useEffect(() => {
    if (!fixedHeader || !autoHideHeader) {
      setHeaderHidden(false);
      return;
    }
    const onScroll = () => setHeaderHidden(window.scrollY > 100);
    window.addEventListener('scroll', onScroll);
    return () => window.removeEventListener('scroll', onScroll);
  }, [fixedHeader, autoHideHeader]);
  return headerHidden;
}

/** The side menu: a sider on desktops (side-menu mode), a drawer on phones. */
function AppSider({ mobile, drawerOpen, closeDrawer }: { mobile: boolean; drawerOpen: boolean; closeDrawer: () => void }) {
  const settings = useAtomValue(settingsAtom);
  const collapsed = !settings.sidebarOpen;
  const dark = settings.theme === 'dark';
  const menuTheme = dark ? 'dark' : 'light';
  const sideMenu = (inDrawer: boolean) => (
    <>
      <Logo collapsed={!inDrawer && collapsed} dark={dark} />
      <SideMenu mode="inline" theme={menuTheme} collapsed={!inDrawer && collapsed} onNavigate={closeDrawer} />
    </>
  );
  if (mobile)
    return (
      <Drawer
        open={drawerOpen}
        placement="left"
        width={SIDEBAR_WIDTH}
        closable={false}
        onClose={closeDrawer}
        styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
        rootClassName="menu-drawer"
      >
        {sideMenu(true)}
      </Drawer>
    );
  if (settings.layout === 'topmenu') return null;
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme={menuTheme}
      style={settings.fixedSidebar ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } : undefined}
      data-testid="side-menu"
    >
      {sideMenu(false)}
    </Layout.Sider>
  );
}

function headerStyle(background: string, fixedHeader: boolean, hidden: boolean): CSSProperties {
  return {
    padding: 0,
    height: 59,
    lineHeight: '59px',
    background,
    ...(fixedHeader
      ? { position: 'sticky', top: 0, zIndex: 9, transition: 'transform .2s', transform: hidden ? 'translateY(-100%)' : undefined }
      : {}),
    width: '100%',
  };
}

/** The open tabs: closing one drops its kept page, refreshing one remounts it. */
function useTabs(fullPath: string) {
  const navigate = useNavigate();
  const [tabState, setTabState] = useAtom(tabStateAtom);
  const [versions, setVersions] = useState<Record<string, number>>({});
  const changeTabs = useCallback(
    (next: TabState) => {
      const removed = tabState.tabs.filter((t) => !next.tabs.some((n) => n.key === t.key));
      setTabState(next);
      if (removed.length) setVersions((v) => ({ ...v, ...Object.fromEntries(removed.map((t) => [t.key, (v[t.key] ?? 0) + 1])) }));
      if (next.activeKey !== fullPath) navigate(next.activeKey);
    },
    [tabState.tabs, setTabState, fullPath, navigate],
  );
  const refresh = (key: string) => setVersions((v) => ({ ...v, [key]: (v[key] ?? 0) + 1 }));
  return { tabState, setTabState, versions, changeTabs, refresh };
}

function MainLayoutFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [settings, updateSettings] = useAtom(settingsAtom);
  const routes = useAtomValue(menuRoutesAtom);
  const user = useAtomValue(userInfoAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departOpen, setDepartOpen] = useState(false);
  const { message } = App.useApp();
  const closeDepart = useCallback(() => setDepartOpen(false), []);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const services = useMemo(() => rendererServices(user), [user]);

  const fullPath = location.pathname + location.search;
  const route = findRoute(routes, location.pathname);
  const unlisted = useAtomValue(unlistedPageTitleAtom);
  const unlistedTitle = !route && unlisted?.path === location.pathname ? unlisted.title : undefined;
  const multipage = settings.multipage && !mobile;
  const topMenu = settings.layout === 'topmenu';
  const collapsed = !settings.sidebarOpen;
  const dark = settings.theme === 'dark';

  useRouteEffects(route, unlistedTitle, multipage);
  const { tabState, setTabState, versions, changeTabs, refresh } = useTabs(fullPath);
  const { currentKey, liveKeys, cacheCurrent } = useKeepAlive(route, multipage, fullPath, tabState.tabs);
  const headerHidden = useHeaderHidden(settings.fixedHeader, settings.autoHideHeader);

  const toggle = () => {
    if (mobile) setDrawerOpen((o) => !o);
    else {
      updateSettings({ sidebarOpen: !settings.sidebarOpen });
      window.dispatchEvent(new Event('resize'));
    }
  };

  const logout = async () => {
    await logoutSession(true);
    setTabState({ tabs: [HOME_TAB], activeKey: HOME_PATH });
    removeStored(StorageKey.cachedRoutes);
    navigate(LOGIN_PATH, { replace: true });
  };

  // Side-menu mode: a light menu gets a header in the primary colour. Top-menu mode: the header carries the menu theme.
  const headerBg = topMenu ? (dark ? '#001529' : '#fff') : dark ? '#fff' : settings.color;
  const headerColor = topMenu ? (dark ? '#fff' : 'rgba(0,0,0,.85)') : dark ? 'rgba(0,0,0,.85)' : '#fff';
  const menuTheme = dark ? 'dark' : 'light';
  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <RendererProvider services={services}>
      <Layout style={{ minHeight: '100vh' }} className={mobile ? 'layout-mobile' : 'layout-desktop'}>
        <AppSider mobile={mobile} drawerOpen={drawerOpen} closeDrawer={closeDrawer} />
        <Layout style={{ minWidth: 0 }}>
          <Layout.Header style={headerStyle(headerBg, settings.fixedHeader, headerHidden)}>
            <GlobalHeader
              collapsed={mobile ? !drawerOpen : collapsed}
              mobile={mobile}
              showTrigger={!topMenu || mobile}
              onToggle={toggle}
              background={headerBg}
              color={headerColor}
              left={
                topMenu ? (
                  <>
                    <div style={{ minWidth: mobile ? undefined : 165 }}>
                      <Logo collapsed={false} dark={dark} showTitle={!mobile} />
                    </div>
                    {!mobile && <SideMenu mode="horizontal" theme={menuTheme} />}
                  </>
                ) : undefined
              }
              onSettings={() => setSettingsOpen(true)}
              onPassword={() => (user?.username ? setPasswordOpen(true) : message.warning('当前系统无登录用户!'))}
              onDepart={() => setDepartOpen(true)}
              onLogout={logout}
            />
          </Layout.Header>
          {multipage && <TabBar state={tabState} onChange={changeTabs} onActivate={(key) => navigate(key)} onRefresh={refresh} />}
          <Layout.Content style={{ padding: '0 16px 16px', minWidth: 0 }}>
            <div
              className={topMenu && settings.contentWidth === 'Fixed' ? 'app-content-fixed' : undefined}
              data-sider-width={topMenu ? 0 : siderWidth}
            >
              <AppBreadcrumb route={route} unlistedTitle={unlistedTitle} path={location.pathname} />
              <KeepAliveOutlet currentKey={currentKey} cacheCurrent={cacheCurrent} liveKeys={liveKeys} versions={versions} />
            </div>
          </Layout.Content>
          <Layout.Footer style={{ padding: 0, background: 'transparent' }}>
            <GlobalFooter />
          </Layout.Footer>
        </Layout>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        <ChangePasswordModal open={passwordOpen} username={user?.username ?? ''} onClose={closePassword} />
        <DepartSelectModal open={departOpen} username={user?.username ?? ''} onClose={closeDepart} />
      </Layout>
    </RendererProvider>
  );
}
