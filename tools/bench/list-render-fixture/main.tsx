import { createRoot, type Root } from 'react-dom/client';
import { RendererProvider, type RendererHttp, type ApiResult } from '@renderer/context';
import { SchemaPage } from '@renderer/SchemaPage';
import type { ListPage } from '@contract/schema-types.gen';
import { loadField } from '@renderer/registry';
import { configureRenderer } from '@renderer/configure';
import { jeecgDataProvider } from '@src/api/dataProvider';

const COLUMNS = 20;

function buildSchema(rows: number): ListPage {
  const columns: ListPage['columns'] = Array.from({ length: COLUMNS }, (_, i) => {
    if (i === 3) return { dataIndex: 'status', title: '状态', component: 'Select', props: { dictCode: 'status' } };
    if (i === 4) return { dataIndex: 'createTime', title: '创建时间', component: 'DateTimePicker', width: 190 };
    if (i === 5) return { dataIndex: 'enabled', title: '启用', component: 'Switch' };
    return { dataIndex: `c${i}`, title: `列${i}`, sorter: i < 3, ellipsis: true };
  });
  return {
    $schema: '../_meta/page.schema.json',
    kind: 'list',
    title: '列表性能',
    url: { list: '/bench/list', delete: '/bench/delete', deleteBatch: '/bench/deleteBatch', exportXls: '/bench/export' },
    pageSize: rows,
    columns,
  };
}

function buildRows(rows: number): Record<string, unknown>[] {
  return Array.from({ length: rows }, (_, r) => {
    const row: Record<string, unknown> = {
      id: `r${r}`,
      status: String(r % 2),
      status_dictText: r % 2 ? '正常' : '冻结',
      createTime: '2024-03-05 08:09:10',
      enabled: r % 3 ? 'Y' : 'N',
    };
    for (let c = 0; c < COLUMNS; c++) row[`c${c}`] = `第${r}行第${c}列的内容`;
    return row;
  });
}

let rowsForList: Record<string, unknown>[] = [];
const ok = <T,>(result: T): ApiResult<T> => ({ success: true, code: 200, message: '', result });
const http: RendererHttp = {
  get: async <T,>(url: string) =>
    (url === '/bench/list' ? ok({ records: rowsForList, total: rowsForList.length }) : ok([])) as ApiResult<T>,
  post: async <T,>() => ok(null) as ApiResult<T>,
  put: async <T,>() => ok(null) as ApiResult<T>,
  delete: async <T,>() => ok(null) as ApiResult<T>,
  download: async () => ({ blob: new Blob(['x']) }),
  upload: async <T,>() => ok(null) as ApiResult<T>,
};
const data = jeecgDataProvider(http, '/api');

const host = document.getElementById('root') as HTMLElement;
let root: Root | null = null;

function afterPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

function waitForRows(expectText: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (host.querySelector('.ant-table-row') && host.textContent?.includes(expectText)) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** Mounts a list page of `rows` rows and resolves with the ms until the rows are painted. */
async function mount(rows: number): Promise<number> {
  root?.unmount();
  host.innerHTML = '';
  rowsForList = buildRows(rows);
  const schema = buildSchema(rows);
  await afterPaint();
  const start = performance.now();
  root = createRoot(host);
  root.render(
    <RendererProvider services={{ http, data, can: () => true, apiBase: '/api' }}>
      <SchemaPage schema={schema} />
    </RendererProvider>,
  );
  await waitForRows('第0行第0列的内容');
  const end = await afterPaint();
  return end - start;
}

async function warm(): Promise<void> {
  configureRenderer({ data });
  await Promise.all(['Select', 'DateTimePicker', 'Switch', 'Input'].map((t) => loadField(t)));
}

Object.assign(window, { listBench: { mount, warm, rowCount: () => host.querySelectorAll('.ant-table-row').length } });
