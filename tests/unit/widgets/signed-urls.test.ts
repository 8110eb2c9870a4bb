import { describe, expect, it } from 'vitest';
import { SignedUrlCache, needsSignedUrl } from '@widgets/shared/signed-urls';
import { fakeHttp } from './fake-http';
import { testDataProvider } from '../helpers/dataProvider';

const PATH = 'temp/20260101/report_1767225600000abcdef0123456789abcd.pdf';

describe('signed file addresses', () => {
  it('asks /sys/common/fileUrls once for stored paths and answers the signed address until shortly before it expires', async () => {
    let now = 1_000_000;
    const http = fakeHttp({
      'GET /sys/common/fileUrls': (params) =>
        String(params?.paths)
          .split(',')
          .map((filePath) => ({ filePath, url: `/api/sys/common/static/${filePath}?exp=1&sig=s`, expireTime: now + 600_000 })),
    });
    const cache = new SignedUrlCache(() => now);
    await Promise.all([
      cache.load(testDataProvider(http), [PATH, 'https://cdn.example.com/a.png']),
      cache.load(testDataProvider(http), [PATH]),
    ]);
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0].params).toEqual({ paths: PATH });
    expect(cache.get(PATH)).toBe(`/api/sys/common/static/${PATH}?exp=1&sig=s`);

    now += 600_000 - 30_000;
    expect(cache.get(PATH)).toBeUndefined();
    await cache.load(testDataProvider(http), [PATH]);
    expect(http.calls).toHaveLength(2);
  });

  it('leaves a path unsigned when the server refuses it', async () => {
    const http = fakeHttp({ 'GET /sys/common/fileUrls': () => ({ success: false, message: 'Token失效', code: 401, result: null }) });
    const cache = new SignedUrlCache();
    await cache.load(testDataProvider(http), [PATH]);
    expect(cache.get(PATH)).toBeUndefined();
  });

  it('only relative stored paths need signing', () => {
    expect(needsSignedUrl(PATH)).toBe(true);
    expect(needsSignedUrl('https://example.com/x.pdf')).toBe(false);
    expect(needsSignedUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(needsSignedUrl('/api/sys/common/static/x.png')).toBe(false);
    expect(needsSignedUrl('')).toBe(false);
  });
});
