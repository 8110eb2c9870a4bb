import { createRoot, type Root } from 'react-dom/client';
import { RendererProvider, type RendererHttp, type ApiResult } from '@renderer/context';
import { SchemaPage } from '@renderer/SchemaPage';
import { loadField } from '@renderer/registry';
import { configureRenderer } from '@renderer/configure';
import { jeecgDataProvider } from '@src/api/dataProvider';

const ok = <T,>(result: T): ApiResult<T> => ({ success: true, code: 200, message: '', result });
const http: RendererHttp = {
  get: async <T,>() => ok({}) as ApiResult<T>,
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

function waitForFields(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      // every field present (mounted, or waiting to mount near the viewport) and the first input painted
      if (host.querySelectorAll('.ant-formily-item, .rd-lazy-item').length >= count && host.querySelector('input')) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** Mounts the form page schema and resolves with the ms until its fields are painted. */
async function mount(schema: unknown, fields: number): Promise<number> {
  root?.unmount();
  host.innerHTML = '';
  await afterPaint();
  const start = performance.now();
  root = createRoot(host);
  root.render(
    <RendererProvider services={{ http, data, can: () => true, apiBase: '/api' }}>
      <SchemaPage schema={schema} />
    </RendererProvider>,
  );
  await waitForFields(fields);
  const end = await afterPaint();
  return end - start;
}

/**
 * Keystroke latency: from keydown (capture) until the input event's work — React's and Formily's
 * synchronous updates and a forced style/layout — are done: a microtask after the input event. (A task would
 * also wait for the next frame to be painted when keys come one at a time, which measures the display's rate.)
 */
const latencies: number[] = [];
let started = 0;
const layoutParts: number[] = [];
function measureAfterInput(): void {
  const beforeLayout = performance.now();
  void document.body.offsetHeight;
  const end = performance.now();
  layoutParts.push(end - beforeLayout);
  latencies.push(end - started);
}
window.addEventListener('keydown', () => (started = performance.now()), true);
// bubbling to window comes after React's root listener, so this microtask runs after React's synchronous update
window.addEventListener('input', () => queueMicrotask(measureAfterInput));

/** Resolves once `count` keystrokes have been measured. */
function measured(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (latencies.length >= count ? resolve() : setTimeout(check, 1));
    check();
  });
}

async function warm(): Promise<void> {
  configureRenderer({ data });
  await Promise.all(['Input', 'TextArea', 'Password', 'NumberPicker', 'DatePicker', 'DateTimePicker'].map((t) => loadField(t)));
}

Object.assign(window, {
  formBench: {
    mount,
    warm,
    fieldCount: () => ({
      mounted: host.querySelectorAll('.ant-formily-item').length,
      waiting: host.querySelectorAll('.rd-lazy-item').length,
    }),
    scrollAll: async () => {
      const start = performance.now();
      const last = host.querySelectorAll('.ant-formily-item, .rd-lazy-item');
      for (let i = 0; i < last.length; i += 20) {
        last[i]!.scrollIntoView();
        await afterPaint();
      }
      return performance.now() - start;
    },
    measured,
    latencies: () => latencies.splice(0),
    layoutParts: () => layoutParts.splice(0),
  },
});
