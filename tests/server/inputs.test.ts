import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../server/core/errors';
import { backends, seededPassword, startTestApp, type TestApp } from './support/app';

const LEAK = /select|insert|syntax|relation|column|postgres|pglite|kysely|stack|at .*\(|\/work\/|node_modules|sql/i;

describe.each(backends())('hostile and oversized input on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('rejects SQL-looking user names with a plain message and no driver text', async () => {
    for (const username of ["admin' or '1'='1", 'admin"--', "x'; drop table sys_user;--", 'a b']) {
      const c = await t.captcha();
      const res = await t.request({
        method: 'POST',
        url: '/api/sys/login',
        payload: { username, password: 'x', captcha: c.answer, checkKey: c.checkKey },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: '用户名格式不正确' });
      expect(res.body).not.toMatch(LEAK);
    }
    expect(await t.login('admin')).toBeTruthy();
  });

  it('rejects SQL-looking captcha keys and dictionary codes', async () => {
    const img = await t.request({ method: 'GET', url: `/api/sys/randomImage/${encodeURIComponent("1' or 1=1")}` });
    expect(img.statusCode).toBe(400);
    expect(img.json().message).toBe('验证码标识格式不正确');
    const token = await t.login('admin');
    const dict = await t.request({
      method: 'GET',
      url: `/api/sys/dict/getDictItems/${encodeURIComponent('sys_user,password,username')}`,
      token,
    });
    expect(dict.json().success).toBe(false);
    expect(dict.json().result ?? null).toBeNull();
    expect(dict.body).not.toMatch(/scrypt/);
  });

  it('rejects oversized fields by name and length', async () => {
    const c = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'a'.repeat(5000), password: 'x', captcha: c.answer, checkKey: c.checkKey },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('用户名长度不能超过100个字符');
    const missing = await t.request({ method: 'POST', url: '/api/sys/login', payload: { password: 'x' } });
    expect(missing.json().message).toBe('用户名不能为空');
  });

  it('rejects a body over the size limit with 413', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'p'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: '请求内容过大' });
  });

  it('answers malformed JSON without parser details', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: '请求内容格式不正确' });
    expect(res.body).not.toMatch(/Unexpected|JSON at position/);
  });

  it('reads an empty JSON body as {} (POST /sys/logout sends none), malformed or blank JSON still answering 400', async () => {
    const token = await t.login('staff');
    const json = { 'content-type': 'application/json' };
    const logout = await t.request({ method: 'POST', url: '/api/sys/logout', headers: json, token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true, message: '退出登录成功！' });
    const admin = await t.login('admin');
    const empty = await t.request({
      method: 'POST',
      url: '/api/sys/dictItem/add',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '',
      token: admin,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ success: false, message: '字典ID不能为空' });
    for (const payload of ['{', ' ', '{"__proto__": {"x": 1}}']) {
      const bad = await t.request({ method: 'POST', url: '/api/sys/dictItem/add', headers: json, payload, token: admin });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: '请求内容格式不正确' });
    }
  });

  it('keeps login messages free of the password', async () => {
    const c = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: 'Secret#Value99', captcha: c.answer, checkKey: c.checkKey },
    });
    expect(res.body).not.toContain('Secret#Value99');
    expect(res.body).not.toContain(seededPassword('admin'));
  });
});

describe('error handler', () => {
  async function answerFor(error: Error) {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    return res;
  }

  it('turns a unique violation into the contract message without the constraint or SQL', async () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "uniq_sys_user_phone" in insert into sys_user'), {
      code: '23505',
    });
    const res = await answerFor(err);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '数据库中已存在该记录' });
    expect(res.body).not.toMatch(LEAK);
  });

  it('answers any other failure with a generic 500 and no stack, SQL or path', async () => {
    const err = new Error('relation "sys_x" does not exist: select * from sys_x at /work/main/server/app.ts:12');
    const res = await answerFor(err);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '操作失败，请稍后重试或联系管理员' });
    expect(res.body).not.toMatch(LEAK);
  });
});
