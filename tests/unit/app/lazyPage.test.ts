import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFeedbackApi, type FeedbackApi } from '@src/feedback';
import { ChunkLoadError, loadWithTimeout } from '@src/lazyPage';

afterEach(() => vi.useRealTimers());

function recordErrors(): string[] {
  const errors: string[] = [];
  setFeedbackApi({ message: { error: (text: string) => errors.push(text) } } as unknown as FeedbackApi);
  return errors;
}

describe('chunk loading', () => {
  it('reports a chunk that does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const errors = recordErrors();
    const pending = loadWithTimeout(() => new Promise<never>(() => undefined), '用户管理');
    const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(errors[0]).toContain('用户管理');
  });

  it('reports a chunk that fails to load', async () => {
    const errors = recordErrors();
    await expect(
      loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), '首页'),
    ).rejects.toThrow('加载失败：首页');
    expect(errors).toEqual(['页面资源加载失败（首页），请刷新后重试']);
  });

  it('passes a loaded module through', async () => {
    await expect(loadWithTimeout(() => Promise.resolve({ default: 1 }), 'x')).resolves.toEqual({ default: 1 });
  });
});
