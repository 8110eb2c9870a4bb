import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

interface MenuItem {
  path: string | null;
  name: string;
  component: string | null;
  redirect?: string | null;
  meta: { title?: string };
  children?: MenuItem[];
}

const flat = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);

describe.each(backends())('首页配置 sys_role_index on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
    t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
  const homeOf = async (username: string): Promise<MenuItem> => {
    const token = await t.login(username);
    const res = (await call('GET', '/sys/permission/getUserPermissionByToken', token)).json();
    const home = (res.result.menu as MenuItem[]).find((m) => m.meta.title === '首页');
    if (!home) throw new Error('no 首页');
    return home;
  };
  const list = async () =>
    (await call('GET', '/sys/sysRoleIndex/list?pageSize=50', admin)).json().result.records as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('adds, edits and deletes rows with checked fields (system:roleindex:*)', async () => {
    const bad = (
      await call('POST', '/sys/sysRoleIndex/add', admin, {
        roleCode: 'xypj_expert',
        url: 'no-slash',
        component: 'dashboard/Analysis',
        status: '1',
      })
    ).json();
    expect(bad).toMatchObject({ success: false });
    expect(bad.message).toContain('路由地址须以 / 开头');
    const added = (
      await call('POST', '/sys/sysRoleIndex/add', admin, {
        roleCode: 'xypj_expert',
        url: '/dashboard/analysis',
        component: 'dashboard/Workplace',
        priority: 5,
        status: '1',
      })
    ).json();
    expect(added).toMatchObject({ success: true });
    const dup = (
      await call('POST', '/sys/sysRoleIndex/add', admin, {
        roleCode: 'xypj_expert',
        url: '/dashboard/analysis',
        component: 'dashboard/Analysis',
        status: '1',
      })
    ).json();
    expect(dup).toMatchObject({ success: false });
    const [row] = await list();
    expect(row).toMatchObject({ roleCode: 'xypj_expert', roleCode_dictText: '评审专家', status_dictText: '有效', priority: 5 });
    expect((await call('PUT', '/sys/sysRoleIndex/edit', admin, { ...row, priority: 3 })).json()).toMatchObject({ success: true });
    expect((await list())[0]).toMatchObject({ priority: 3 });
    const staff = await t.login('staff');
    expect((await call('GET', '/sys/sysRoleIndex/list', staff)).json()).toMatchObject({ success: false });
    expect((await call('DELETE', `/sys/sysRoleIndex/delete?id=${String(row.id)}`, admin)).json()).toMatchObject({ success: true });
    expect(await list()).toEqual([]);
  });

  it('the caller lands on their role home: component at /dashboard/analysis, or a redirect to another page of their menu', async () => {
    expect(await homeOf('expert')).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Analysis' });

    await call('POST', '/sys/sysRoleIndex/add', admin, {
      roleCode: 'xypj_expert',
      url: '/dashboard/analysis',
      component: 'dashboard/Workplace',
      priority: 1,
      status: '1',
    });
    const expertHome = await homeOf('expert');
    expect(expertHome).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Workplace' });
    expect(expertHome.redirect ?? null).toBeNull();

    const adminMenu = flat((await call('GET', '/sys/permission/getUserPermissionByToken', admin)).json().result.menu as MenuItem[]);
    expect(adminMenu.some((m) => m.path === '/isystem/addressList')).toBe(true);
    await call('POST', '/sys/sysRoleIndex/add', admin, {
      roleCode: 'admin',
      url: '/isystem/addressList',
      component: 'system/AddressList',
      priority: 1,
      status: '1',
    });
    expect(await homeOf('admin')).toMatchObject({
      path: '/dashboard/analysis',
      redirect: '/isystem/addressList',
      component: 'system/AddressList',
    });

    // a route outside the caller's menu is not followed: only the component is replaced
    await call('POST', '/sys/sysRoleIndex/add', admin, {
      roleCode: 'xypj_company',
      url: '/isystem/user',
      component: 'dashboard/Workplace',
      priority: 1,
      status: '1',
    });
    const companyHome = await homeOf('company');
    expect(companyHome).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Workplace' });
    expect(companyHome.redirect ?? null).toBeNull();
  });

  it("picks the smallest priority among the caller's roles and skips inactive rows", async () => {
    await t.db
      .insertInto('sys_user_role')
      .values({ id: 'ur_test_staff_expert', user_id: 'u_demo_staff', role_id: 'r_xypj_expert' })
      .execute();
    await call('POST', '/sys/sysRoleIndex/add', admin, {
      roleCode: 'xypj_staff',
      url: '/dashboard/analysis',
      component: 'dashboard/IndexChart',
      priority: 9,
      status: '1',
    });
    expect(await homeOf('staff')).toMatchObject({ component: 'dashboard/Workplace' });
    const staffRow = (await list()).find((r) => r.roleCode === 'xypj_staff');
    await call('PUT', '/sys/sysRoleIndex/edit', admin, { ...staffRow, priority: 0 });
    expect(await homeOf('staff')).toMatchObject({ component: 'dashboard/IndexChart' });
    await call('PUT', '/sys/sysRoleIndex/edit', admin, { ...staffRow, priority: 0, status: '0' });
    expect(await homeOf('staff')).toMatchObject({ component: 'dashboard/Workplace' });
  });
});
