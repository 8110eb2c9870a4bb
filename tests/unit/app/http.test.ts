import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp, type HttpHooks } from '@src/api/http';
import { notification } from 'antd';
import { setFeedbackApi, type FeedbackApi } from '@src/feedback';

interface Shown {
  notices: Array<{ message: unknown; description: unknown; duration: unknown }>;
  modals: Array<{ title: unknown; content: unknown; okText: unknown; onOk?: () => unknown }>;
  loading: string[];
}

let shown: Shown;

function recordFeedback(): void {
  shown = { notices: [], modals: [], loading: [] };
  const notice = (args: { message: unknown; description: unknown; duration?: unknown }) => {
    shown.notices.push({ message: args.message, description: args.description, duration: args.duration });
  };
  const api = {
    notification: { error: notice, success: notice, warning: notice, info: notice, open: notice },
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn(), loading: (text: string) => shown.loading.push(text) },
    modal: {
      error: (args: { title: unknown; content: unknown; okText: unknown; onOk?: () => unknown }) => shown.modals.push(args),
      confirm: vi.fn(),
      warning: vi.fn(),
      info: vi.fn(),
      success: vi.fn(),
    },
  } as unknown as FeedbackApi;
  setFeedbackApi(api);
}

function hooks(overrides: Partial<HttpHooks> = {}): HttpHooks & { logout: ReturnType<typeof vi.fn>; reload: ReturnType<typeof vi.fn> } {
  return {
    token: () => 'tok-1',
    tenantId: () => undefined,
    lowAppId: () => undefined,
    logout: vi.fn(() => Promise.resolve()),
    reload: vi.fn(),
    inEnterpriseChat: () => false,
    ...overrides,
  } as HttpHooks & { logout: ReturnType<typeof vi.fn>; reload: ReturnType<typeof vi.fn> };
}

function answering(status: number, data: unknown, seen?: InternalAxiosRequestConfig[]): AxiosAdapter {
  return async (config) => {
    seen?.push(config);
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
}

const make = (adapter: AxiosAdapter, h = hooks()) => ({
  http: createHttp({ baseURL: '/api', hooks: h, signSecret: 's3cret', adapter }),
  hooks: h,
});

beforeEach(() => recordFeedback());
afterEach(() => vi.useRealTimers());

describe('request headers', () => {
  it('sends the token, tenant 0 when none, _t on GET and signs getAction', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const { http } = make(answering(200, { success: true, result: 1 }, seen));
    const res = await http.getAction('/sys/user/list', { username: 'a' });
    expect(res).toEqual({ success: true, result: 1 });
    const config = seen[0];
    expect(config.headers['X-Access-Token']).toBe('tok-1');
    expect(config.headers['tenant-id']).toBe('0');
    expect(typeof (config.params as Record<string, unknown>)._t).toBe('number');
    expect(config.headers['X-Sign']).toMatch(/^[0-9A-F]{32}$/);
    expect(Number(config.headers['X-TIMESTAMP'])).toBeGreaterThan(1_600_000_000_000);
  });

  it('adds no _t to the dictionary-items lookup, the stored tenant and the low-app id', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const { http } = make(answering(200, { success: true }, seen), hooks({ tenantId: () => '7', lowAppId: () => 'app-9' }));
    await http.getAction('/sys/dict/getDictItems/sex');
    expect(seen[0].params?._t).toBeUndefined();
    expect(seen[0].headers['tenant-id']).toBe('7');
    expect(seen[0].headers['X-Low-App-ID']).toBe('app-9');
  });

  it('does not sign put, delete, upload or download calls', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const { http } = make(answering(200, { success: true }, seen));
    await http.putAction('/sys/user/edit', { id: '1' });
    await http.deleteAction('/sys/user/delete', { id: '1' });
    expect(seen.every((c) => c.headers['X-Sign'] === undefined)).toBe(true);
  });
});

describe('error catalogue', () => {
  it('403 shows 系统提示 – 拒绝访问 for 4 s', async () => {
    const { http } = make(answering(403, {}));
    await expect(http.getAction('/x')).rejects.toBeInstanceOf(AxiosError);
    expect(shown.notices).toEqual([{ message: '系统提示', description: '拒绝访问', duration: 4 }]);
  });

  it('404 and 504 have their fixed texts', async () => {
    await expect(make(answering(404, {})).http.getAction('/x')).rejects.toBeDefined();
    await expect(make(answering(504, {})).http.getAction('/x')).rejects.toBeDefined();
    expect(shown.notices.map((n) => n.description)).toEqual(['很抱歉，资源未找到!', '网络超时']);
  });

  it('a time-out says 网络超时', async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('timeout of 9000ms exceeded', 'ECONNABORTED', config);
    };
    await expect(make(adapter).http.getAction('/x')).rejects.toBeDefined();
    expect(shown.notices[0].description).toBe('网络超时');
  });

  it('401 says the login expired (in the notice holder that outlives the layout), logs out and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const lasting = vi.spyOn(notification, 'error').mockImplementation(() => undefined);
    const { http, hooks: h } = make(answering(401, { success: true, code: 401, message: 'Token失效，请重新登录!' }));
    await expect(http.getAction('/x')).rejects.toBeDefined();
    await expect(http.getAction('/y')).rejects.toBeDefined();
    expect(lasting).toHaveBeenCalledWith({ message: '系统提示', description: '很抱歉，登录已过期，请重新登录', duration: 4 });
    expect(shown.notices).toEqual([]);
    lasting.mockRestore();
    expect(h.logout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(h.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('401 without a token only shows the message', async () => {
    const lasting = vi.spyOn(notification, 'error').mockImplementation(() => undefined);
    const { http, hooks: h } = make(answering(401, {}), hooks({ token: () => undefined }));
    await expect(http.getAction('/x')).rejects.toBeDefined();
    expect(lasting.mock.calls[0]?.[0]).toMatchObject({ description: '很抱歉，登录已过期，请重新登录' });
    expect(h.logout).not.toHaveBeenCalled();
    lasting.mockRestore();
  });

  it('500 with Token失效 opens the 登录已过期 modal whose 重新登录 logs out and reloads', async () => {
    const { http, hooks: h } = make(answering(500, { success: false, message: 'Token失效，请重新登录!' }));
    await expect(http.getAction('/x')).rejects.toBeDefined();
    expect(shown.modals).toHaveLength(1);
    expect(shown.modals[0]).toMatchObject({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' });
    await shown.modals[0].onOk?.();
    expect(h.logout).toHaveBeenCalled();
    expect(h.reload).toHaveBeenCalled();
  });

  it('parses a blob 500 body for the same check', async () => {
    const blob = new Blob([JSON.stringify({ success: false, message: 'Token失效，请重新登录!' })], { type: 'application/json' });
    const { http } = make(answering(500, blob));
    await expect(http.downFile('/x')).rejects.toBeDefined();
    expect(shown.modals[0]?.title).toBe('登录已过期');
  });

  it('in enterprise chat clients only a loading message appears', async () => {
    const { http } = make(answering(500, { message: 'Token失效' }), hooks({ inEnterpriseChat: () => true }));
    await expect(http.getAction('/x')).rejects.toBeDefined();
    expect(shown.modals).toHaveLength(0);
    expect(shown.loading).toEqual(['登录已过期，正在重新登陆']);
  });

  it('other statuses show the server message', async () => {
    const { http } = make(answering(429, { success: false, message: '操作过于频繁，请稍后再试' }));
    await expect(http.postAction('/x', { a: 1 })).rejects.toBeDefined();
    expect(shown.notices[0]).toEqual({ message: '系统提示', description: '操作过于频繁，请稍后再试', duration: 4 });
  });
});
