import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { RequestError } from '@renderer/data/provider';
import { request } from '../../../../../api/request';
import { useUnlistedPageTitle } from '../../../../../state/page-title';

const SchemaView = lazy(() => import('../../../../../router/SchemaRoute').then((m) => ({ default: m.SchemaView })));
const loading = <Spin style={{ display: 'block', margin: '64px auto' }} />;

const titleOf = (schema: unknown): string | undefined =>
  schema && typeof schema === 'object' && typeof (schema as { title?: unknown }).title === 'string'
    ? (schema as { title: string }).title
    : undefined;

/** /online/df/{table}/{id}: one record of an online form in a standalone form (id "add" opens an empty one). */
export default function OnlineDynamicForm() {
  const { pathname } = useLocation();
  const parts = pathname.split('/').filter(Boolean);
  const id = decodeURIComponent(parts[parts.length - 1] ?? '');
  const table = decodeURIComponent(parts[parts.length - 2] ?? '');
  const [state, setState] = useState<{ schema?: unknown; message?: string; nosync?: boolean }>({});
  useEffect(() => {
    let live = true;
    setState({});
    request.get<unknown>(`/online/cgform/api/formPage/${encodeURIComponent(table)}/${encodeURIComponent(id)}`).then(
      (schema) => live && setState({ schema }),
      (failure: unknown) =>
        live &&
        setState(
          failure instanceof RequestError
            ? { message: failure.message, nosync: failure.message === 'NO_DB_SYNC' }
            : { message: '无法打开该表单，可能没有访问权限' },
        ),
    );
    return () => {
      live = false;
    };
  }, [table, id]);
  useUnlistedPageTitle(titleOf(state.schema));
  if (state.nosync)
    return <Result status="warning" title="表单尚未同步数据库" subTitle="请管理员在「在线开发 › 表单开发」中同步数据库后再打开。" />;
  if (state.message) return <Result status="error" title="表单无法打开" subTitle={state.message} />;
  if (state.schema === undefined) return loading;
  return (
    <Suspense fallback={loading}>
      <SchemaView key={`${table}/${id}`} schema={state.schema} source={`在线表单 ${table}`} />
    </Suspense>
  );
}
