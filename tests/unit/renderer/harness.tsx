import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { RendererProvider, type ApiResult, type RendererHttp, type RendererServices } from '@renderer/context';
import type { Notifier } from '@renderer/data/notify';
import { configureRenderer } from '@renderer/configure';
import { testDataProvider } from '../helpers/dataProvider';

export interface Call {
  method: 'get' | 'post' | 'put' | 'delete' | 'download' | 'upload';
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

type Handler = (call: Call) => unknown;

// Lazy field chunks and antd's first paint can take seconds on a busy shared machine.
configure({ asyncUtilTimeout: 8000 });

export const ok = <T,>(result: T, message = ''): ApiResult<T> => ({ success: true, code: 200, message, result });
export const fail = (message: string): ApiResult<null> => ({ success: false, code: 500, message, result: null });

/** In-memory HTTP double: handlers by "METHOD url", every call recorded. */
export function fakeHttp(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const handle = (call: Call): unknown => {
    calls.push(call);
    const handler = handlers[`${call.method.toUpperCase()} ${call.url}`];
    if (!handler) return fail(`no route ${call.method} ${call.url}`);
    return handler(call);
  };
  const http: RendererHttp = {
    get: async (url, params) => handle({ method: 'get', url, params }) as ApiResult<never>,
    post: async (url, body, params) => handle({ method: 'post', url, body, params }) as ApiResult<never>,
    put: async (url, body, params) => handle({ method: 'put', url, body, params }) as ApiResult<never>,
    delete: async (url, params) => handle({ method: 'delete', url, params }) as ApiResult<never>,
    download: async (url, params) => handle({ method: 'download', url, params }) as { blob: Blob; fileName?: string },
    upload: async (url, form, onProgress) => {
      onProgress?.(100);
      return handle({ method: 'upload', url, body: form }) as ApiResult<never>;
    },
  };
  const last = (method: Call['method'], url?: string) => [...calls].reverse().find((c) => c.method === method && (!url || c.url === url));
  return { http, calls, last };
}

/** Records what the user would be told; confirms answer from a queue (default yes). */
export function recordingNotifier() {
  const said: Array<{ kind: string; text: string }> = [];
  const answers: boolean[] = [];
  const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
  const notifier: Notifier = {
    success: (t) => said.push({ kind: 'success', text: t }),
    info: (t) => said.push({ kind: 'info', text: t }),
    warning: (t) => said.push({ kind: 'warning', text: text(t) }),
    error: (t) => said.push({ kind: 'error', text: text(t) }),
    confirm: async ({ title, content }) => {
      said.push({ kind: 'confirm', text: content ? `${title} ${text(content)}` : title });
      return answers.length ? answers.shift()! : true;
    },
    warningDialog: ({ title, content }) =>
      said.push({ kind: 'warningDialog', text: `${title}`, content } as { kind: string; text: string }),
  };
  return { notifier, said, answers, texts: () => said.map((s) => s.text) };
}

/** The services the app would build around `http`. */
export function testServices(http: RendererHttp, extra: Partial<RendererServices> = {}): RendererServices {
  return {
    http,
    data: testDataProvider(http),
    can: () => true,
    apiBase: '/api',
    user: { id: '1', username: 'admin', realname: '管理员' },
    ...extra,
  };
}

/** Start-up wiring as the app does it (once, before rendering), then the render. */
export function renderWith(ui: ReactNode, http: RendererHttp, extra: Partial<RendererServices> = {}) {
  const services = testServices(http, extra);
  configureRenderer(services);
  return render(<RendererProvider services={services}>{ui}</RendererProvider>);
}
