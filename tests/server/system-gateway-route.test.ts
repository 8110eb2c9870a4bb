import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('网关路由 sys_gateway_route on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
    t.request({ method, url: `/api/sys/gatewayRoute${url}`, token, ...(payload ? { payload } : {}) });
  const route = { routerId: 'jeecg-system', name: '系统服务', uri: 'lb://jeecg-system', status: 1 };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('refuses predicates and filters that are not JSON arrays of {name, args}, with the field named', async () => {
    const broken = (await call('POST', '/add', admin, { ...route, predicates: '[{"name":"Path",' })).json();
    expect(broken).toMatchObject({ success: false });
    expect(broken.message).toMatch(/^路由条件不是合法的 JSON/);
    const object = (await call('POST', '/add', admin, { ...route, predicates: '{"name":"Path"}' })).json();
    expect(object.message).toContain('路由条件须是 JSON 数组');
    const nameless = (await call('POST', '/add', admin, { ...route, filters: '[{"args":{}}]' })).json();
    expect(nameless.message).toBe('过滤器第1项须是带 name 的对象');
    const badUri = (await call('POST', '/add', admin, { ...route, uri: 'jeecg-system' })).json();
    expect(badUri.message).toContain('路由URI须以 lb://');
    expect((await call('GET', '/list', admin)).json().result.records).toEqual([]);
  });

  it('adds, lists, edits and deletes a route; empty filters are stored as []', async () => {
    const predicates = JSON.stringify([{ name: 'Path', args: { _genkey_0: '/sys/**' } }]);
    expect((await call('POST', '/add', admin, { ...route, predicates, filters: '' })).json()).toMatchObject({ success: true });
    const dup = (await call('POST', '/add', admin, { ...route, predicates })).json();
    expect(dup).toMatchObject({ success: false });
    const [row] = (await call('GET', '/list', admin)).json().result.records;
    expect(row).toMatchObject({
      routerId: 'jeecg-system',
      uri: 'lb://jeecg-system',
      predicates,
      filters: '[]',
      status: 1,
      status_dictText: '有效',
    });
    const badEdit = (await call('PUT', '/edit', admin, { ...row, filters: 'nope' })).json();
    expect(badEdit.message).toMatch(/^过滤器不是合法的 JSON/);
    expect(
      (await call('PUT', '/edit', admin, { ...row, status: 0, filters: ' [ {"name":"RequestRateLimiter","args":{}} ] ' })).json(),
    ).toMatchObject({ success: true });
    const edited = (await call('GET', `/queryById?id=${String(row.id)}`, admin)).json().result;
    expect(edited).toMatchObject({ status: 0, filters: '[{"name":"RequestRateLimiter","args":{}}]' });
    expect((await call('DELETE', `/delete?id=${String(row.id)}`, admin)).json()).toMatchObject({ success: true });
  });

  it('needs the 网关路由 codes', async () => {
    const staff = await t.login('staff');
    expect((await call('GET', '/list', staff)).json()).toMatchObject({ success: false });
    expect((await call('POST', '/add', staff, route)).json()).toMatchObject({ success: false });
  });
});
