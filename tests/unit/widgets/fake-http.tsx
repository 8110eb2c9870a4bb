import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { RendererProvider, type ApiResult, type QueryParams, type RendererHttp, type RendererServices } from '@renderer/context';
import { configureRenderer } from '@renderer/configure';
import { testDataProvider } from '../helpers/dataProvider';

type Handler = (params: QueryParams | undefined, body?: unknown) => unknown;

export interface FakeHttp extends RendererHttp {
  calls: { method: string; url: string; params?: QueryParams; body?: unknown }[];
}

export function ok<T>(result: T, message = ''): ApiResult<T> {
  return { success: true, message, code: 200, result };
}

/** An http object answering from a route table; a handler returning an ApiResult is sent as is. */
export function fakeHttp(routes: Record<string, Handler> = {}): FakeHttp {
  const calls: FakeHttp['calls'] = [];
  const answer = async (method: string, url: string, params?: QueryParams, body?: unknown) => {
    calls.push({ method, url, params, body });
    const path = url.split('?')[0];
    const handler = routes[`${method} ${path}`] ?? routes[path];
    if (!handler) return { success: false, message: `no route ${method} ${path}`, code: 404, result: null };
    const result = await handler(params, body);
    if (result && typeof result === 'object' && 'success' in (result as object)) return result as ApiResult;
    return ok(result);
  };
  return {
    calls,
    get: vi.fn((url: string, params?: QueryParams) => answer('GET', url, params)) as RendererHttp['get'],
    post: vi.fn((url: string, body?: unknown, params?: QueryParams) => answer('POST', url, params, body)) as RendererHttp['post'],
    put: vi.fn((url: string, body?: unknown, params?: QueryParams) => answer('PUT', url, params, body)) as RendererHttp['put'],
    delete: vi.fn((url: string, params?: QueryParams) => answer('DELETE', url, params)) as RendererHttp['delete'],
    download: vi.fn(async () => ({ blob: new Blob([]) })),
    upload: vi.fn((url: string, form: FormData, onProgress?: (percent: number) => void) => {
      onProgress?.(50);
      return answer('UPLOAD', url, undefined, form);
    }) as RendererHttp['upload'],
  };
}

export function services(http: RendererHttp, extra: Partial<RendererServices> = {}): RendererServices {
  return { http, data: testDataProvider(http), can: () => true, apiBase: '/api', token: () => 'tok', ...extra };
}

export function Providers({ http, children, extra }: { http: RendererHttp; children: ReactNode; extra?: Partial<RendererServices> }) {
  return <RendererProvider services={services(http, extra)}>{children}</RendererProvider>;
}

/** Start-up wiring as the app does it (once, before rendering), then the render. */
export function renderWith(ui: ReactElement, http: RendererHttp = fakeHttp(), extra?: Partial<RendererServices>) {
  configureRenderer(services(http, extra));
  return render(
    <Providers http={http} extra={extra}>
      {ui}
    </Providers>,
  );
}
