import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const PASSWORD = 'Str0ng#Pass1';
let seq = 0;

function newUser(extra: Record<string, unknown> = {}) {
  seq += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0') + String(seq).padStart(2, '0');
  return {
    username: `u${n}`,
    realname: `测试用户${seq}`,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    workNo: `W${n}`,
    phone: `139${n}`,
    email: `u${n}@example.com`,
    ...extra,
  };
}

describe.each(backends())('users administration on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('lists users with department names and dictionary texts, never secrets', async () => {
    const { body } = await call('GET', '/sys/user/list?pageNo=1&pageSize=10&column=username&order=asc', admin);
    expect(body.success).toBe(true);
    const staff = body.result.records.find((r: { username: string }) => r.username === 'staff');
    expect(staff).toMatchObject({ orgCodeTxt: expect.stringContaining('信用评价办公室'), status_dictText: '正常' });
    expect(staff).not.toHaveProperty('password');
    expect(staff).not.toHaveProperty('salt');
    expect(body.result.total).toBeGreaterThanOrEqual(4);
  });

  it('filters by department and by username pattern', async () => {
    const byDepart = await call('GET', '/sys/user/list?departId=d_a01a02', admin);
    expect(byDepart.body.result.records.map((r: { username: string }) => r.username).sort()).toEqual(['expert', 'reviewer2', 'reviewer3']);
    const byName = await call('GET', '/sys/user/list?username=*sta*', admin);
    expect(byName.body.result.records.map((r: { username: string }) => r.username)).toEqual(['staff']);
  });

  it('refuses bad user forms with the screen messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: '' }, '请输入用户账号!'],
      [{ password: 'abc12345' }, '密码由8位数字、大小写字母和特殊符号组成!'],
      [{ confirmpassword: 'Other#Pass1' }, '两次输入的密码不一样！'],
      [{ realname: '' }, '请输入用户名称!'],
      [{ workNo: '' }, '请输入工号!'],
      [{ phone: '12345' }, '请输入正确格式的手机号码!'],
      [{ email: 'not-an-email' }, '请输入正确格式的邮箱!'],
      [{ username: 'admin' }, '用户名已存在!'],
      [{ workNo: '00001' }, '工号已存在!'],
      [{ phone: '13800000002' }, '手机号已存在!'],
      [{ email: 'staff@example.com' }, '邮箱已存在!'],
      [{ selectedroles: 'no_such_role' }, '角色不存在'],
    ];
    for (const [override, message] of cases) {
      const { body } = await call('POST', '/sys/user/add', admin, newUser(override));
      expect({ override, message: body.message, success: body.success }).toEqual({ override, message, success: false });
    }
  });

  it('adds a user who can then sign in; checkOnlyUser sees the name as taken', async () => {
    const form = newUser({ selectedroles: 'r_xypj_staff', selecteddeparts: 'd_a01a03', sex: '1' });
    const added = await call('POST', '/sys/user/add', admin, form);
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const token = await t.login(form.username, PASSWORD);
    expect(token).toBeTruthy();
    const taken = await call('GET', `/sys/user/checkOnlyUser?username=${form.username}`, admin);
    expect(taken.body).toMatchObject({ success: false, message: '用户名已存在!' });
    const free = await call('GET', '/sys/user/checkOnlyUser?username=nobody_here', admin);
    expect(free.body.success).toBe(true);
    const list = await call('GET', `/sys/user/list?username=${form.username}`, admin);
    const record = list.body.result.records[0];
    expect(record).toMatchObject({ orgCodeTxt: '综合部', sex_dictText: '男' });
    const roles = await call('GET', `/sys/user/queryUserRole?userid=${record.id}`, admin);
    expect(roles.body.result).toEqual(['r_xypj_staff']);
    const departs = await call('GET', `/sys/user/userDepartList?userId=${record.id}`, admin);
    expect(departs.body.result).toEqual([{ key: 'd_a01a03', value: 'd_a01a03', title: '综合部' }]);
  });

  it('edits a user keeping the password; the edit ignores password fields', async () => {
    const form = newUser();
    await call('POST', '/sys/user/add', admin, form);
    const { body } = await call('GET', `/sys/user/list?username=${form.username}`, admin);
    const id = body.result.records[0].id;
    const edited = await call('PUT', '/sys/user/edit', admin, {
      ...form,
      id,
      realname: '改过的名字',
      password: 'Changed#123',
      selecteddeparts: 'd_a01a02',
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await t.login(form.username, PASSWORD)).toBeTruthy();
    const viaPost = await call('POST', '/sys/user/edit', admin, { ...form, id, realname: '再改一次' });
    expect(viaPost.body.success).toBe(true);
    const after = await call('GET', `/sys/user/queryById?id=${id}`, admin);
    expect(after.body.result).toMatchObject({ realname: '再改一次', orgCodeTxt: '专家委员会' });
  });

  it('freezing ends the user session at once and the administrator cannot be frozen', async () => {
    const form = newUser({ selectedroles: 'r_xypj_staff' });
    await call('POST', '/sys/user/add', admin, form);
    const token = await t.login(form.username, PASSWORD);
    const before = await call('GET', '/sys/permission/getUserPermissionByToken', token);
    expect(before.status).toBe(200);
    const id = (await call('GET', `/sys/user/list?username=${form.username}`, admin)).body.result.records[0].id;
    const frozen = await call('PUT', '/sys/user/frozenBatch', admin, { ids: id, status: '2' });
    expect(frozen.body).toMatchObject({ success: true, message: '操作成功!' });
    const after = await call('GET', '/sys/permission/getUserPermissionByToken', token);
    expect(after.status).toBe(401);

    const adminId = 'e9ca23d68d884d4ebb19d07889727dae';
    // a selection holding only the administrator still answers the selection's message
    const single = await call('PUT', '/sys/user/frozenBatch', admin, { ids: adminId, status: '2' });
    expect(single.body).toMatchObject({ success: false, message: '管理员账号不允许此操作,请重新选择！' });
    const alone = await call('DELETE', `/sys/user/deleteBatch?ids=${adminId},`, admin);
    expect(alone.body).toMatchObject({ success: false, message: '管理员账号不允许此操作,请重新选择！' });
    const batch = await call('PUT', '/sys/user/frozenBatch', admin, { ids: `${id},${adminId}`, status: '2' });
    expect(batch.body).toMatchObject({ success: false, message: '管理员账号不允许此操作,请重新选择！' });
    const check = await call('PUT', '/sys/user/frozenBefore', admin, { ids: `${id},${adminId}` });
    expect(check.body.message).toBe('管理员账号不允许此操作,请重新选择！');
    const thaw = await call('PUT', '/sys/user/frozenBatch', admin, { ids: id, status: '1' });
    expect(thaw.body.success).toBe(true);
    expect(await t.login(form.username, PASSWORD)).toBeTruthy();
  });

  it('admin password reset checks strength, sets the new password and revokes sessions', async () => {
    const form = newUser();
    await call('POST', '/sys/user/add', admin, form);
    const token = await t.login(form.username, PASSWORD);
    const weak = await call('PUT', '/sys/user/changePassword', admin, { username: form.username, password: '12345678' });
    expect(weak.body.message).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    const reset = await call('PUT', '/sys/user/changePassword', admin, { username: form.username, password: 'N3w#Password' });
    expect(reset.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await call('GET', '/sys/permission/getUserPermissionByToken', token)).status).toBe(401);
    expect(await t.login(form.username, 'N3w#Password')).toBeTruthy();
  });

  it('deletes softly into the recycle bin, restores, and deletes for good', async () => {
    const form = newUser({ selecteddeparts: 'd_a01a03' });
    await call('POST', '/sys/user/add', admin, form);
    const id = (await call('GET', `/sys/user/list?username=${form.username}`, admin)).body.result.records[0].id;
    const del = await call('DELETE', `/sys/user/delete?id=${id}`, admin);
    expect(del.body.success).toBe(true);
    expect((await call('GET', `/sys/user/list?username=${form.username}`, admin)).body.result.total).toBe(0);
    const bin = await call('GET', '/sys/user/recycleBin', admin);
    expect(bin.body.result.map((u: { id: string }) => u.id)).toContain(id);
    const restored = await call('PUT', '/sys/user/putRecycleBin', admin, { userIds: id });
    expect(restored.body.success).toBe(true);
    expect((await call('GET', `/sys/user/list?username=${form.username}`, admin)).body.result.total).toBe(1);
    await call('DELETE', `/sys/user/deleteBatch?ids=${id},`, admin);
    const purge = await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${id}`, admin);
    expect(purge.body.success).toBe(true);
    expect((await call('GET', '/sys/user/recycleBin', admin)).body.result.map((u: { id: string }) => u.id)).not.toContain(id);
    const links = await t.db.selectFrom('sys_user_depart').select('id').where('user_id', '=', id).execute();
    expect(links).toEqual([]);
    const adminDelete = await call('DELETE', '/sys/user/delete?id=e9ca23d68d884d4ebb19d07889727dae', admin);
    expect(adminDelete.body.message).toBe('管理员账号不允许此操作！');
  });

  it('refuses injection-shaped ids and sort columns cleanly', async () => {
    const inject = encodeURIComponent("d_a01' or '1'='1");
    const byDep = await call('GET', `/sys/user/queryUserByDepId?id=${inject}`, admin);
    expect(byDep.status).toBe(400);
    expect(byDep.body).toMatchObject({ success: false, message: '部门ID格式不正确' });
    const bin = await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${encodeURIComponent('1) or (1=1')}`, admin);
    expect(bin.status).toBe(400);
    expect(bin.body.message).toBe('用户ID格式不正确');
    const restore = await call('PUT', '/sys/user/putRecycleBin', admin, { userIds: "x';delete from sys_user;--" });
    expect(restore.status).toBe(400);
    const sort = await call('GET', `/sys/user/list?column=${encodeURIComponent('username;drop table sys_user')}&order=asc`, admin);
    expect(sort.body.success).toBe(false);
    expect(sort.body.message).toContain('请注意，将要排序的列字段不存在');
    expect(sort.body.message).not.toMatch(/select|syntax|relation/i);
    const secretSort = await call('GET', '/sys/user/list?column=password&order=asc', admin);
    expect(secretSort.body.success).toBe(false);
    const users = await t.db.selectFrom('sys_user').select('id').execute();
    expect(users.length).toBeGreaterThanOrEqual(4);
    const ok = await call('GET', '/sys/user/queryUserByDepId?id=d_a01a01&realname=' + encodeURIComponent("%' or 1=1 --"), admin);
    expect(ok.body).toMatchObject({ success: true, result: [] });
  });

  it('role members and department members can be added and removed', async () => {
    const form = newUser();
    await call('POST', '/sys/user/add', admin, form);
    const id = (await call('GET', `/sys/user/list?username=${form.username}`, admin)).body.result.records[0].id;
    expect((await call('POST', '/sys/user/addSysUserRole', admin, { roleId: 'r_xypj_expert', userIdList: [id] })).body.success).toBe(true);
    const members = await call('GET', `/sys/user/userRoleList?roleId=r_xypj_expert&username=${form.username}`, admin);
    expect(members.body.result.records.map((r: { id: string }) => r.id)).toEqual([id]);
    await call('DELETE', `/sys/user/deleteUserRole?roleId=r_xypj_expert&userId=${id}`, admin);
    expect((await call('GET', `/sys/user/userRoleList?roleId=r_xypj_expert&username=${form.username}`, admin)).body.result.total).toBe(0);

    expect((await call('POST', '/sys/user/editSysDepartWithUser', admin, { depId: 'd_a01a02', userIdList: [id] })).body.success).toBe(true);
    expect((await call('GET', `/sys/user/departUserList?depId=d_a01a02&username=${form.username}`, admin)).body.result.total).toBe(1);
    await call('DELETE', `/sys/user/deleteUserInDepartBatch?depId=d_a01a02&userIds=${id}`, admin);
    expect((await call('GET', `/sys/user/departUserList?depId=d_a01a02&username=${form.username}`, admin)).body.result.total).toBe(0);
  });
});
