import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app';

describe('rate limits and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      corsOrigins: ['https://admin.example.org'],
      rateLimits: {
        login: { max: 3, windowMs: 60_000 },
        captcha: { max: 2, windowMs: 60_000 },
        sms: { max: 1, windowMs: 60_000 },
        register: { max: 1000, windowMs: 60_000 },
        certCheck: { max: 1000, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t?.close());

  it('throttles captcha images, login and SMS per client with 429', async () => {
    const img = (k: string) => t.request({ method: 'GET', url: `/api/sys/randomImage/${k}` });
    expect((await img('a1')).statusCode).toBe(200);
    expect((await img('a2')).statusCode).toBe(200);
    const third = await img('a3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });

    const login = () => t.request({ method: 'POST', url: '/api/sys/login', payload: { username: 'admin', password: 'x' } });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(429);

    const sms = () => t.request({ method: 'POST', url: '/api/sys/sms', payload: { mobile: '13900000001', smsmode: '0' } });
    expect((await sms()).statusCode).toBe(200);
    expect((await sms()).statusCode).toBe(429);
  });

  it('answers a preflight from an allowed origin and ignores others', async () => {
    const allowed = await t.request({
      method: 'OPTIONS',
      url: '/api/sys/login',
      headers: { origin: 'https://admin.example.org', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example.org');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('X-Access-Token');
    const other = await t.request({
      method: 'OPTIONS',
      url: '/api/sys/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('protects the automatic HEAD twin of a protected GET route', async () => {
    const res = await t.request({ method: 'HEAD', url: '/api/sys/user/getCurrentUserDeparts' });
    expect(res.statusCode).toBe(401);
  });
});
