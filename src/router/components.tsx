import type { ComponentType, ReactNode } from 'react';
import { hasPageSchema, loadPageSchema } from '@renderer/schema/load';
import { lazyPage } from '../lazyPage';

export type PageComponent = ComponentType<{ children?: ReactNode }>;

type Loader = () => Promise<{ default: PageComponent }>;

// The login page is part of the first download (router/AppRoutes.tsx).
const viewModules = import.meta.glob<{ default: PageComponent }>([
  '../views/**/*.tsx',
  '!../views/**/parts/**',
  '!../views/user/Login.tsx',
]);

const layoutLoaders: Record<string, Loader> = {
  'layouts/RouteView': () => import('../layouts/RouteView'),
  'layouts/PageView': () => import('../layouts/PageView'),
  'layouts/IframePageView': () => import('../layouts/IframePageView'),
  'layouts/IframeFReportView': () => import('../layouts/IframePageView'),
  // Shell layouts of the reference that only nest their children here.
  'layouts/TabLayout': () => import('../layouts/RouteView'),
  'layouts/BasicLayout': () => import('../layouts/RouteView'),
  'layouts/BlankLayout': () => import('../layouts/RouteView'),
};

/** "/views/system/UserList.vue" -> "system/UserList". */
export function normaliseComponentName(name: string): string {
  return name
    .trim()
    .replace(/^\/+/, '')
    .replace(/^src\//, '')
    .replace(/^views\//, '')
    .replace(/^components\//, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '');
}

const resolved = new Map<string, PageComponent>();

function notFound(name: string): PageComponent {
  return function ComponentNotFound() {
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <h3>页面不存在</h3>
        <p>
          未找到组件 <code>{name || '（未配置）'}</code> 对应的页面
        </p>
      </div>
    );
  };
}

/**
 * Menu component name -> page component, in this order: a bundled page schema
 * (schemas/<name>.json), a hand-made view (src/views/<name>.tsx), a layout, a page
 * schema the server holds (PAGE_SCHEMA_DIRS), else a "page not found" view.
 * The same name always yields the same component (stable identity keeps state).
 */
export function resolveComponent(componentName: string | null | undefined): PageComponent {
  const name = normaliseComponentName(componentName ?? '');
  const cached = resolved.get(name);
  if (cached) return cached;
  let component: PageComponent;
  const view = name ? viewModules[`../views/${name}.tsx`] : undefined;
  // The renderer's code and the page's schema load side by side: one round of downloads before the page's first request.
  if (name && hasPageSchema(name))
    component = lazyPage(
      () => Promise.all([import('./SchemaRoute'), loadPageSchema(name)]).then(([m, schema]) => ({ default: m.schemaRoute(name, schema) })),
      name,
    );
  else if (view) component = lazyPage(view, name);
  else if (layoutLoaders[name]) component = lazyPage(layoutLoaders[name], name);
  else if (name)
    component = lazyPage(() => import('./RemoteSchemaRoute').then((m) => ({ default: m.remoteSchemaRoute(name, notFound(name)) })), name);
  else component = notFound(name);
  resolved.set(name, component);
  return component;
}
