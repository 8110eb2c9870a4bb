import { App as AntApp } from 'antd';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http } from '@src/api/http';
import { appStore } from '@src/state/store';

export type FakeHandler = (config: InternalAxiosRequestConfig) => { status?: number; data: unknown };

/** A fake server behind the app's one axios instance: handlers keyed by path (a key ending in "/" is a prefix). */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = (config.url ?? '').replace(/^\/api/, '');
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method: (config.method ?? 'get').toUpperCase(), url, body });
    const key = Object.keys(routes).find((k) => (k.endsWith('/') ? url.startsWith(k) : url === k));
    const { status = 200, data } = key ? routes[key](config) : { status: 404, data: {} };
    return { status, statusText: '', data, headers: {}, config };
  };
  http.instance.defaults.adapter = adapter;
  return { calls, routes };
}

export const location = { current: '' };

function LocationProbe() {
  const l = useLocation();
  location.current = l.pathname + l.search;
  return null;
}

export function AppHarness({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {children}
        </MemoryRouter>
      </AntApp>
    </Provider>
  );
}
