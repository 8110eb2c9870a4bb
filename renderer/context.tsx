import { createContext, useContext, type ReactNode } from 'react';
import type { Notifier } from './data/notify';
import type { DataProvider } from './data/provider';

/** The JeecgBoot envelope every JSON endpoint answers with. */
export interface ApiResult<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp?: number;
}

export type QueryParams = Record<string, unknown>;

/**
 * HTTP access the app supplies (axios-based in src/); the renderer and widgets never create their own client and reach
 * it only through the data provider. A transport failure (network, HTTP error status) rejects and is shown by this
 * client, so the renderer does not show it again.
 */
export interface RendererHttp {
  get<T = unknown>(url: string, params?: QueryParams): Promise<ApiResult<T>>;
  post<T = unknown>(url: string, body?: unknown, params?: QueryParams): Promise<ApiResult<T>>;
  put<T = unknown>(url: string, body?: unknown, params?: QueryParams): Promise<ApiResult<T>>;
  delete<T = unknown>(url: string, params?: QueryParams): Promise<ApiResult<T>>;
  /** GET as a blob; `fileName` comes from Content-Disposition when the server sends one. */
  download(url: string, params?: QueryParams): Promise<{ blob: Blob; fileName?: string }>;
  upload<T = unknown>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<ApiResult<T>>;
}

export interface RendererUser {
  id: string;
  username: string;
  realname: string;
  orgCode?: string;
}

export interface RendererServices {
  /** The app's HTTP client, for the app's own views; the renderer and the widgets go through `data`. */
  http: RendererHttp;
  /** Every server access with a known shape (lists, dictionaries, checks, files); the app supplies the addresses. */
  data: DataProvider;
  /** Button and field permission check: true when the user may see and use `code`. */
  can(code: string): boolean;
  user?: RendererUser;
  /** API base path, e.g. "/api" (file addresses come from `data.fileUrl`). */
  apiBase: string;
  /** Access token for widgets that must send it (uploads, websockets tickets). */
  token?: () => string | undefined;
  /**
   * Exclusion by prefix: suffixes of type-1 codes under `prefix` the user lacks
   * (see `excludedCodes` in renderer/permissions.ts). Hides matching columns and the
   * `add` / `batch_delete` toolbar buttons of pages with that `authPrefix`.
   */
  excludedCodes?: (prefix: string) => string[];
  /** Messages and confirmations; defaults to antd's static message/Modal. */
  notify?: Notifier;
  /** In-app navigation for `navigate` actions (the app's router); default: the browser loads the address. */
  navigate?: (to: string) => void;
}

const RendererContext = createContext<RendererServices | null>(null);

export function RendererProvider({ services, children }: { services: RendererServices; children: ReactNode }) {
  return <RendererContext.Provider value={services}>{children}</RendererContext.Provider>;
}

export function useRenderer(): RendererServices {
  const services = useContext(RendererContext);
  if (!services) throw new Error('useRenderer must be used inside <RendererProvider>');
  return services;
}
