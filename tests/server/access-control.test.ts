import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceRouteDeclarations, RouteAccessError } from '../../server/core/access-control';
import { backends, startTestApp, type TestApp } from './support/app';

describe('route declarations', () => {
  it('refuses at startup a route that declares no access rule', async () => {
    const app = Fastify();
    enforceRouteDeclarations(app);
    expect(() => app.get('/open', async () => 'x')).toThrow(RouteAccessError);
    await app.close();
  });

  it('refuses a route that declares two rules or an empty permission', async () => {
    const app = Fastify();
    enforceRouteDeclarations(app);
    expect(() => app.get('/two', { config: { public: true, authenticated: true } }, async () => 'x')).toThrow(/more than one/);
    expect(() => app.get('/empty', { config: { permission: '' } }, async () => 'x')).toThrow(/empty permission/);
    await app.close();
  });
});

describe.each(backends())('access control on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('answers 401 with the contract message when the token is missing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/loginfo' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  });

  it('answers 401 for a made-up token and ignores a token in the query string', async () => {
    const token = await t.login('admin');
    const forged = await t.request({ method: 'GET', url: '/api/sys/loginfo', token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    const inQuery = await t.request({ method: 'GET', url: `/api/sys/loginfo?token=${token}` });
    expect(inQuery.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without the permission code', async () => {
    const token = await t.login('expert');
    const res = await t.request({ method: 'GET', url: '/api/sys/loginfo', token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: '没有权限，请联系管理员授权' });
  });

  it('lets a user whose role holds the code through', async () => {
    const token = await t.login('staff');
    const res = await t.request({ method: 'GET', url: '/api/sys/loginfo', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      totalVisitCount: expect.any(Number),
      todayVisitCount: expect.any(Number),
      todayIp: expect.any(Number),
    });
  });

  it('grants the codes and menus of a department role the user holds', async () => {
    const user = await t.db.selectFrom('sys_user').select('id').where('username', '=', 'expert').executeTakeFirstOrThrow();
    const depart = await t.db.selectFrom('sys_depart').select('id').orderBy('org_code').executeTakeFirstOrThrow();
    const button = await t.db
      .selectFrom('sys_permission')
      .select(['id', 'parent_id'])
      .where('perms', '=', 'dashboard:visit:view')
      .executeTakeFirstOrThrow();
    const before = await t.login('expert');
    expect((await t.request({ method: 'GET', url: '/api/sys/loginfo', token: before })).statusCode).toBe(403);

    await t.db
      .insertInto('sys_depart_role')
      .values({ id: 'drole_visit', depart_id: depart.id, role_name: '统计查看', role_code: 'visit_viewer' })
      .execute();
    await t.db.insertInto('sys_depart_role_user').values({ id: 'drole_user_1', user_id: user.id, drole_id: 'drole_visit' }).execute();
    await t.db
      .insertInto('sys_depart_role_permission')
      .values({ id: 'drole_perm_1', depart_id: depart.id, role_id: 'drole_visit', permission_id: button.id })
      .execute();

    const res = await t.request({ method: 'GET', url: '/api/sys/loginfo', token: before });
    expect(res.statusCode).toBe(200);
    const perms = (await t.request({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token: before })).json().result;
    expect(perms.auth).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'dashboard:visit:view' })]));

    await t.db.deleteFrom('sys_depart_role_permission').where('id', '=', 'drole_perm_1').execute();
    expect((await t.request({ method: 'GET', url: '/api/sys/loginfo', token: before })).statusCode).toBe(403);
  });

  it('lets the admin role through every permission code', async () => {
    const token = await t.login('admin');
    const res = await t.request({ method: 'GET', url: '/api/sys/visitInfo', token });
    expect(res.statusCode).toBe(200);
    const days = res.json().result as Array<{ visit: number; ip: number; tian: string; type: string }>;
    expect(days).toHaveLength(7);
    expect(days[6].visit).toBeGreaterThanOrEqual(1);
    expect(days[6].type).toBe(days[6].tian.slice(5));
  });

  it('does not let path tricks reach a protected route', async () => {
    const token = await t.login('expert');
    for (const url of [
      '/api/sys/loginfo/',
      '//api//sys//loginfo',
      '/api/sys/x/../loginfo',
      '/api/sys/%2e%2e/sys/loginfo',
      '/api/sys/loginfo.js',
    ]) {
      const res = await t.request({ method: 'GET', url, token });
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  });

  it('answers 404 with the envelope for an unknown API path', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
  });

  it('sets the security headers and no CORS header for an unknown origin', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/nothing', headers: { origin: 'https://evil.example' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
