import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const MESSAGE = '参数包含非法字符';
const STACK = /at .*\(|node_modules|\/work\/|invalid byte sequence|22021|stack/i;

describe.each(backends())('NUL bytes and invalid text in requests on %s', (backend) => {
  let t: TestApp;
  let token = '';
  const logged: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(backend, {}, undefined, { level: 'warn', stream });
    token = await t.login('admin');
  });
  afterAll(() => t?.close());

  const cases: Array<{
    name: string;
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    payload?: Record<string, unknown>;
    auth?: boolean;
    message?: string;
  }> = [
    { name: 'checkOnlyUser without a token', method: 'GET', url: '/api/sys/user/checkOnlyUser?username=a%00' },
    {
      name: 'login',
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'ad\u0000min', password: 'x', captcha: 'x', checkKey: 'k1' },
    },
    {
      name: 'login lone surrogate',
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'ad\ud800min', password: 'x', captcha: 'x', checkKey: 'k1' },
    },
    { name: 'user list', method: 'GET', url: '/api/sys/user/list?realname=x%00y', auth: true },
    // a NUL in the path is refused earlier, by the suspicious-path check
    { name: 'dict items', method: 'GET', url: '/api/sys/dict/getDictItems/sex%00', auth: true, message: '请求路径不正确' },
    { name: 'dict list', method: 'GET', url: '/api/sys/dict/list?dictName=%00', auth: true },
    { name: 'position add', method: 'POST', url: '/api/sys/position/add', payload: { code: 'p\u00001', name: 'x' }, auth: true },
    {
      name: 'position add nested',
      method: 'POST',
      url: '/api/sys/position/add',
      payload: { code: 'p1', name: 'x', extra: { deep: ['a\u0000'] } },
      auth: true,
    },
    { name: 'position list', method: 'GET', url: '/api/sys/position/list?name=%00', auth: true },
    { name: 'role list', method: 'GET', url: '/api/sys/role/list?roleName=a%00', auth: true },
    { name: 'depart search', method: 'GET', url: '/api/sys/sysDepart/searchBy?keyWord=a%00', auth: true },
    { name: 'announcement list', method: 'GET', url: '/api/sys/annountCement/list?titile=a%00', auth: true },
    {
      name: 'duplicate check',
      method: 'GET',
      url: '/api/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=a%00',
      auth: true,
    },
  ];

  it.each(cases)('$name answers 400 with a plain message', async ({ method, url, payload, auth, message = MESSAGE }) => {
    logged.length = 0;
    const res = await t.request({ method, url, payload, token: auth ? token : undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message });
    expect(res.body).not.toMatch(STACK);
    expect(logged).toEqual([]);
  });

  it('a query whose percent-escapes are not UTF-8 is read as typed, not a server error', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/user/checkOnlyUser?username=a%ED%A0%80' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(STACK);
  });

  it('ordinary text, including Chinese and emoji, still passes', async () => {
    const res = await t.request({ method: 'GET', url: `/api/sys/user/checkOnlyUser?username=${encodeURIComponent('张三😀')}` });
    expect(res.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: `/api/sys/user/list?realname=${encodeURIComponent('管理员')}`, token });
    expect(list.json().success).toBe(true);
  });
});
