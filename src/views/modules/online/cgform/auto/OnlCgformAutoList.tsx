import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { RequestError } from '@renderer/data/provider';
import { request } from '../../../../../api/request';

const SchemaView = lazy(() => import('../../../../../router/SchemaRoute').then((m) => ({ default: m.SchemaView })));
const loading = <Spin style={{ display: 'block', margin: '64px auto' }} />;

/** The form's code: the last segment of /online/cgformList/{code} (and the tree, ERP, tab and inner-table variants). */
export function formCodeOf(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

type State = { schema?: unknown; error?: 'nosync' | 'failed'; message?: string };

/**
 * An online form's list page (menu component modules/online/cgform/auto/OnlCgformAutoList): asks the
 * server for the form's page schema and renders it with the same renderer as every other list page.
 */
export default function OnlCgformAutoList() {
  const { pathname } = useLocation();
  const code = formCodeOf(pathname);
  const [state, setState] = useState<State>({});
  useEffect(() => {
    let live = true;
    setState({});
    request.get<unknown>(`/online/cgform/api/page/${encodeURIComponent(code)}`).then(
      (schema) => live && setState({ schema }),
      (failure: unknown) => {
        if (!live) return;
        if (failure instanceof RequestError)
          setState({ error: failure.message === 'NO_DB_SYNC' ? 'nosync' : 'failed', message: failure.message });
        else setState({ error: 'failed', message: '无法打开该表单，可能没有访问权限' });
      },
    );
    return () => {
      live = false;
    };
  }, [code]);
  if (state.error === 'nosync')
    return (
      <Result
        status="warning"
        title="表单尚未同步数据库"
        subTitle="请管理员在「在线开发 › 表单开发」中选中该表单，点击「同步数据库」后再打开。"
      />
    );
  if (state.error) return <Result status="error" title="表单无法打开" subTitle={state.message} />;
  if (state.schema === undefined) return loading;
  return (
    <Suspense fallback={loading}>
      <SchemaView key={code} schema={state.schema} source={`在线表单 ${code}`} />
    </Suspense>
  );
}
