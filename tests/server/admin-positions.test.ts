import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('position lookup by code on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    const added = await t.request({ method: 'POST', url: '/api/sys/position/add', token: admin, payload: { code: 'pos_dev', name: '开发', rank: '2', companyId: 'c1' } });
    expect(added.json().success).toBe(true);
  });
  afterAll(() => t?.close());

  it('answers the position with that code (code 0, as the old handler)', async () => {
    const res = (await get('/sys/position/queryByCode?code=pos_dev', admin)).json();
    expect(res).toMatchObject({ success: true, code: 0, result: { code: 'pos_dev', name: '开发', rank: '2', companyId: 'c1' } });
    expect(typeof res.result.id).toBe('string');
  });

  it('refuses an unknown or missing code with a plain message; the value is bound, never spliced', async () => {
    expect((await get('/sys/position/queryByCode?code=nobody', admin)).json()).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get(`/sys/position/queryByCode?code=${encodeURIComponent("pos_dev' or '1'='1")}`, admin)).json()).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get('/sys/position/queryByCode', admin)).json()).toMatchObject({ success: false, message: '职务编码不能为空' });
  });

  it('needs system:position:list (403 otherwise, 401 anonymous)', async () => {
    expect((await get('/sys/position/queryByCode?code=pos_dev', await t.login('expert'))).statusCode).toBe(403);
    expect((await get('/sys/position/queryByCode?code=pos_dev')).statusCode).toBe(401);
  });
});
