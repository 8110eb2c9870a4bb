import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ApiResult } from '@renderer/context';
import { API_BASE, REQUEST_TIMEOUT_MS, SIGN_SECRET } from '../config';
import { feedback, notifySystem, notifySystemAcrossSignOut } from '../feedback';
import { clearSession, currentTenantId, currentToken } from '../state/session';
import { computeSign } from './sign';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Resolve with the whole response instead of its body (downloads that need headers). */
    fullResponse?: boolean;
    /** Fail without telling the user (an optional request whose failure the caller handles). */
    quiet?: boolean;
  }
}

export type Params = Record<string, unknown>;

/** What the HTTP layer needs from the rest of the app; tests pass fakes. */
export interface HttpHooks {
  token(): string | undefined;
  tenantId(): string | undefined;
  /** App id when the current route is a low-code app route (name starts with "low-app"). */
  lowAppId(): string | undefined;
  /** Server logout (best effort) and local session clearing. */
  logout(): Promise<void>;
  reload(): void;
  /** Enterprise chat clients (wxwork, dingtalk) only show a loading message on expiry. */
  inEnterpriseChat(): boolean;
}

export interface HttpOptions {
  baseURL: string;
  hooks: HttpHooks;
  signSecret: string;
  adapter?: AxiosAdapter;
  timeout?: number;
}

export interface Http {
  instance: AxiosInstance;
  getAction<T = unknown>(url: string, params?: Params): Promise<ApiResult<T>>;
  postAction<T = unknown>(url: string, body?: unknown): Promise<ApiResult<T>>;
  httpAction<T = unknown>(url: string, body: unknown, method: 'get' | 'post' | 'put' | 'delete'): Promise<ApiResult<T>>;
  putAction<T = unknown>(url: string, body?: unknown): Promise<ApiResult<T>>;
  deleteAction<T = unknown>(url: string, params?: Params): Promise<ApiResult<T>>;
  downFile(url: string, params?: Params, method?: 'get' | 'post'): Promise<Blob>;
  uploadAction<T = unknown>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<ApiResult<T>>;
}

const EXPIRED_TEXT = '很抱歉，登录已过期，请重新登录';
export const RELOAD_DELAY_MS = 1500;

function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const text = (data as { message?: unknown }).message;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

async function blobJson(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text());
    } catch {
      return undefined;
    }
  }
  return data;
}

export function createHttp({ baseURL, hooks, signSecret, adapter, timeout = REQUEST_TIMEOUT_MS }: HttpOptions): Http {
  const instance = axios.create({ baseURL, timeout, adapter });
  let expiring = false;

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = hooks.token();
    if (token) config.headers.set('X-Access-Token', token);
    config.headers.set('tenant-id', hooks.tenantId() || '0');
    const appId = hooks.lowAppId();
    if (appId) config.headers.set('X-Low-App-ID', appId);
    if ((config.method ?? 'get').toLowerCase() === 'get' && !(config.url ?? '').includes('sys/dict/getDictItems')) {
      config.params = { ...(config.params as Params | undefined), _t: Math.floor(Date.now() / 1000) };
    }
    return config;
  });

  const expireSession = () => {
    if (expiring) return;
    expiring = true;
    void hooks.logout().finally(() => setTimeout(() => hooks.reload(), RELOAD_DELAY_MS));
  };

  const tokenInvalidModal = () => {
    if (expiring) return;
    expiring = true;
    if (hooks.inEnterpriseChat()) {
      feedback().message.loading('登录已过期，正在重新登陆', 0);
      return;
    }
    feedback().modal.error({
      title: '登录已过期',
      content: EXPIRED_TEXT,
      okText: '重新登录',
      mask: false,
      onOk: () => hooks.logout().finally(() => hooks.reload()),
    });
  };

  instance.interceptors.response.use(
    (response: AxiosResponse) => (response.config.fullResponse ? response : response.data),
    async (error: AxiosError) => {
      if (error.config?.quiet) return Promise.reject(error);
      const response = error.response;
      if (!response) {
        const timedOut = error.code === 'ECONNABORTED' || /timeout/i.test(error.message);
        notifySystem(timedOut ? '网络超时' : error.message);
        return Promise.reject(error);
      }
      const data = error.config?.responseType === 'blob' ? await blobJson(response.data) : response.data;
      const serverMessage = messageOf(data);
      switch (response.status) {
        case 401:
          notifySystemAcrossSignOut(EXPIRED_TEXT);
          if (hooks.token()) expireSession();
          break;
        case 403:
          notifySystem('拒绝访问');
          break;
        case 404:
          notifySystem('很抱歉，资源未找到!');
          break;
        case 504:
          notifySystem('网络超时');
          break;
        case 500:
          if (hooks.token() && serverMessage?.includes('Token失效')) tokenInvalidModal();
          else if (serverMessage) notifySystem(serverMessage);
          break;
        default:
          notifySystem(serverMessage || error.message);
      }
      return Promise.reject(error);
    },
  );

  const signed = (url: string, payload: unknown): AxiosRequestConfig['headers'] => ({
    'X-Sign': computeSign(url, payload as Params | undefined, signSecret),
    'X-TIMESTAMP': String(Date.now()),
  });

  // The response interceptor unwraps the body, so each call resolves with the envelope.
  const unwrap = <T>(p: Promise<unknown>) => p as Promise<ApiResult<T>>;

  return {
    instance,
    getAction: (url, params) => unwrap(instance.get(url, { params, headers: signed(url, params) })),
    postAction: (url, body) => unwrap(instance.post(url, body, { headers: signed(url, body) })),
    httpAction: (url, body, method) =>
      unwrap(
        instance.request({
          url,
          method,
          ...(method === 'get' || method === 'delete' ? { params: body } : { data: body }),
          headers: signed(url, body),
        }),
      ),
    putAction: (url, body) => unwrap(instance.put(url, body)),
    deleteAction: (url, params) => unwrap(instance.delete(url, { params })),
    downFile: (url, params, method = 'get') =>
      instance.request({
        url,
        method,
        responseType: 'blob',
        ...(method === 'get' ? { params } : { data: params }),
      }) as unknown as Promise<Blob>,
    uploadAction: (url, form, onProgress) =>
      unwrap(
        instance.post(url, form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        }),
      ),
  };
}

let lowAppId: string | undefined;
/** The router sets this when a route named `low-app*` carries an appId. */
export function setLowAppId(appId: string | undefined): void {
  lowAppId = appId;
}

export function inEnterpriseChat(): boolean {
  return typeof navigator !== 'undefined' && /wxwork|dingtalk/i.test(navigator.userAgent);
}

export const http: Http = createHttp({
  baseURL: API_BASE,
  signSecret: SIGN_SECRET,
  hooks: {
    token: currentToken,
    tenantId: currentTenantId,
    lowAppId: () => lowAppId,
    logout: () => logoutSession(),
    reload: () => {
      if (typeof window !== 'undefined') window.location.reload();
    },
    inEnterpriseChat,
  },
});

/**
 * Server logout (always finishes, even when it fails), then clear the local session. `signedOut`: the user
 * asked for it (not an expired session), so the login page gets no `redirect` back to the last page.
 */
export async function logoutSession(signedOut = false): Promise<void> {
  const token = currentToken();
  try {
    if (token) await http.instance.post('/sys/logout', undefined, { headers: { 'X-Access-Token': token } });
  } catch {
    // Logout always finishes locally.
  } finally {
    clearSession(signedOut);
  }
}

export const { getAction, postAction, httpAction, putAction, deleteAction, downFile, uploadAction } = http;
