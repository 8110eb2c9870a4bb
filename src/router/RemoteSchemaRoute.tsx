import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spin } from 'antd';
import { request } from '../api/request';

const SchemaView = lazy(() => import('./SchemaRoute').then((m) => ({ default: m.SchemaView })));
const loading = <Spin style={{ display: 'block', margin: '64px auto' }} />;

/**
 * A menu component with neither a bundled schema nor a view: ask the server for its page schema
 * (screens added without rebuilding the client, see PAGE_SCHEMA_DIRS). The renderer loads only
 * when a schema came back; when the server has none, `Fallback` says the page is missing.
 */
export function remoteSchemaRoute(componentName: string, Fallback: ComponentType) {
  return function RemoteSchemaRoute() {
    const [state, setState] = useState<{ schema?: unknown; missing?: boolean }>({});
    useEffect(() => {
      let live = true;
      // a refusal is the server's "no such page": the fallback says so
      request.get<unknown>('/sys/schema/page', { component: componentName }).then(
        (schema) => live && setState({ schema }),
        () => live && setState({ missing: true }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (state.missing) return <Fallback />;
    if (state.schema === undefined) return loading;
    return (
      <Suspense fallback={loading}>
        <SchemaView schema={state.schema} source={`${componentName}.json（服务器页面目录）`} reloadKey={componentName} />
      </Suspense>
    );
  };
}
