import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH } from '../config';
import { lazyPage, PageErrorBoundary, preloadPage } from '../lazyPage';
import { resolveComponent } from './components';
import type { MenuRoute } from './menuRoutes';
import { menuRoutesAtom } from './menuState';
import { FullPageLoading, RouteGuard } from './RouteGuard';
import { RouteMetaContext } from './routeMeta';
// The login page is where most visits start: it comes with the first download instead of two lazy loads later.
import UserLayout from '../layouts/UserLayout';
import Login from '../views/user/Login';

const MainLayout = lazyPage(() => import('../layouts/MainLayout'), '主布局');
const Register = lazyPage(() => import('../views/user/Register'), '注册');
const RegisterResult = lazyPage(() => import('../views/user/RegisterResult'), '注册结果');
const Alteration = lazyPage(() => import('../views/user/Alteration'), '找回密码');
const Exception404 = lazyPage(() => import('../views/exception/404'), '404');
const PublicPending = lazyPage(() => import('../components/PublicPending'), '公开页面');
const XypjResultList = lazyPage(() => import('../views/xypj/public/ResultListPage'), '评价结果公示');
const XypjCheckCertificate = lazyPage(() => import('../views/xypj/public/CheckCertificatePage'), '证书查询');
const XypjPushSignIn = lazyPage(() => import('../views/xypj/public/PushSignInPage'), '平台推送登录');
const XypjPushSignOut = lazyPage(() => import('../views/xypj/public/PushSignOutPage'), '平台推送退出');
const OnlineFormList = lazyPage(() => import('../views/modules/online/cgform/auto/OnlCgformAutoList'), '在线表单');
const OnlineDynamicForm = lazyPage(() => import('../views/modules/online/cgform/auto/OnlineDynamicForm'), '在线表单');

/** Online form pages reachable without a menu row (the designer's 功能测试 link; the server still checks access). */
const ONLINE_FORM_PATHS = [
  '/online/cgformList/:code',
  '/online/cgformTreeList/:code',
  '/online/cgformErpList/:code',
  '/online/cgformTabList/:code',
  '/online/cgformInnerTableList/:code',
];

/** A report opened by id or code (the designer itself is the menu route /online/cgreport). */
const REPORT_ROUTE: MenuRoute = {
  path: '/online/cgreport/:code',
  title: '在线报表',
  component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
  wrappers: [],
  ancestors: [],
  item: {
    path: '/online/cgreport/:code',
    name: 'OnlCgreportAutoList',
    component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
    hidden: true,
    meta: { title: '在线报表' },
  },
};

/** Public routes whose pages are not built yet. */
const PENDING_PUBLIC_PATHS = ['/oauth2-app/login', '/test/preview', '/test/home'];

/** One menu route: its page wrapped in the layouts of its menu ancestors. */
export function MenuPage({ route }: { route: MenuRoute }) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  const Page = resolveComponent(route.component);
  const wrappers = route.wrappers.map(resolveComponent);
  // The page and its layouts download side by side, not each after its parent has rendered.
  [Page, ...wrappers].forEach(preloadPage);
  const element = wrappers.reduceRight((child, Wrapper) => <Wrapper>{child}</Wrapper>, <Page />);
  return (
    <RouteMetaContext.Provider value={route}>
      <PageErrorBoundary resetKey={route.path}>
        <Suspense fallback={<FullPageLoading />}>{element}</Suspense>
      </PageErrorBoundary>
    </RouteMetaContext.Provider>
  );
}

export function AppRoutes() {
  const menuRoutes = useAtomValue(menuRoutesAtom);
  return (
    <RouteGuard>
      <Suspense fallback={<FullPageLoading />}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route index element={<Navigate to={LOGIN_PATH} replace />} />
            <Route path="login" element={<Login />} />
            <Route path="register" element={<Register />} />
            <Route path="register-result" element={<RegisterResult />} />
            <Route path="alteration" element={<Alteration />} />
          </Route>
          <Route path="/404" element={<Exception404 />} />
          <Route path="/xypj/resultlist" element={<XypjResultList />} />
          <Route path="/xypj/checkzs" element={<XypjCheckCertificate />} />
          <Route path="/xypj/reloginpush" element={<XypjPushSignIn />} />
          <Route path="/xypj/loginoutpush" element={<XypjPushSignOut />} />
          {PENDING_PUBLIC_PATHS.map((path) => (
            <Route key={path} path={path} element={<PublicPending />} />
          ))}
          <Route path="/" element={<MainLayout />}>
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            {menuRoutes.map((route, i) => (
              <Route key={`${route.path}#${i}`} path={route.path} element={<MenuPage route={route} />} />
            ))}
            <Route path={REPORT_ROUTE.path} element={<MenuPage route={REPORT_ROUTE} />} />
            {ONLINE_FORM_PATHS.map((path) => (
              <Route key={path} path={path} element={<OnlineFormList />} />
            ))}
            <Route path="/online/df/:table/:id" element={<OnlineDynamicForm />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteGuard>
  );
}
