import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, sheetRows, workbook } from './support/forms';

const PASSWORD = 'Str0ng#Pass1';

describe.each(backends())('user and role export and import on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });
  const upload = (url: string, token: string, name: string, data: Buffer) =>
    t.request({ method: 'POST', url: `/api${url}`, token, ...importUpload(name, data) });
  const userRow = async (username: string) => t.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('exports the filtered users as an xlsx attachment with texts for sex, identity, departments and status', async () => {
    const res = await get('/sys/user/exportXls?username=staff', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户信息.xlsx')}`,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['用户信息报表']);
    expect(rows[1]).toEqual(['导出人:管理员']);
    expect(rows[2]).toEqual(['用户账号', '用户姓名', '性别', '生日', '手机号码', '邮箱', '工号', '座机', '身份', '所属部门', '状态']);
    expect(rows.length).toBe(4);
    expect(rows[3]![0]).toBe('staff');
    expect(rows[3]).toContain('正常');
    expect(String(rows[3]![9])).toContain('信用评价办公室');
    expect(JSON.stringify(rows)).not.toMatch(/password|salt/i);
  });

  it('exports only the selected users', async () => {
    const ids = await t.db.selectFrom('sys_user').select('id').where('username', 'in', ['staff', 'expert']).execute();
    const rows = await sheetRows(
      (await get(`/sys/user/exportXls?selections=${ids.map((r) => r.id).join(',')}&column=username&order=asc`, admin)).rawPayload,
    );
    expect(rows.slice(3).map((r) => r[0])).toEqual(['expert', 'staff']);
  });

  it('imports users checked like the add form: good rows saved, bad rows reported with code 201', async () => {
    const data = await workbook([
      ['用户信息报表'],
      ['导出人:管理员'],
      ['用户账号', '用户姓名', '密码', '性别', '生日', '手机号码', '邮箱', '工号', '身份'],
      ['imp_ok1', '导入一', PASSWORD, '女', '1990-05-06', '13700000001', 'imp1@example.com', 'IMP001', '普通用户'],
      ['imp_ok2', '导入二', '', '男', '', 13700000002, '', 'IMP002', ''],
      ['', '缺账号', PASSWORD, '', '', '13700000003', '', 'IMP003', ''],
      ['imp_weak', '弱密码', '123456', '', '', '13700000004', '', 'IMP004', ''],
      ['imp_dup', '重复手机', PASSWORD, '', '', '13700000001', '', 'IMP005', ''],
      ['admin', '重复账号', PASSWORD, '', '', '13700000006', '', 'IMP006', ''],
      ['imp_badphone', '坏手机', PASSWORD, '', '', '12345', '', 'IMP007', ''],
      ['imp_nowork', '缺工号', PASSWORD, '', '', '13700000008', '', '', ''],
    ]);
    const res = await upload('/sys/user/importExcel', admin, '用户.xlsx', data);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { totalCount: 8, errorCount: 6, successCount: 2, msg: '总上传行数：8，已导入行数：2，错误行数：6' },
    });
    const report = await get(body.result.fileUrl, admin);
    expect(report.body).toContain('第6行：请输入用户账号!');
    expect(report.body).toContain('第7行：密码由8位数字、大小写字母和特殊符号组成!');
    expect(report.body).toContain('第8行：手机号已存在!');
    expect(report.body).toContain('第9行：用户名已存在!');
    expect(report.body).toContain('第10行：请输入正确格式的手机号码!');
    expect(report.body).toContain('第11行：请输入工号!');

    expect(await userRow('imp_ok1')).toMatchObject({
      realname: '导入一',
      sex: 2,
      phone: '13700000001',
      work_no: 'IMP001',
      status: 1,
      user_identity: 1,
    });
    expect(await userRow('imp_weak')).toBeUndefined();
    expect(await t.login('imp_ok1', PASSWORD)).toBeTruthy();
    // no password column: a random one, so the seeded or a well-known password does not open the account
    expect(await userRow('imp_ok2')).toMatchObject({ sex: 1, phone: '13700000002' });
    await expect(t.login('imp_ok2', '123456')).rejects.toThrow();
    const roles = await t.db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', (await userRow('imp_ok1'))!.id)
      .execute();
    expect(roles).toEqual([]);
  });

  it('answers a fully valid file with the all-imported message, and an exported file imports back as duplicates', async () => {
    const ok = await upload(
      '/sys/user/importExcel',
      admin,
      'u.xlsx',
      await workbook([
        ['用户账号', '用户姓名', '密码', '手机号码', '工号'],
        ['imp_ok3', '导入三', PASSWORD, '13700000009', 'IMP009'],
      ]),
    );
    expect(ok.json()).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    const exported = (await get('/sys/user/exportXls?username=imp_ok3', admin)).rawPayload;
    const again = await upload('/sys/user/importExcel', admin, 'u.xlsx', exported);
    expect(again.json()).toMatchObject({ code: 201, result: { totalCount: 1, errorCount: 1 } });
  });

  it('exports and imports roles with the add form checks', async () => {
    const res = await get(`/sys/role/exportXls?roleName=${encodeURIComponent('*专家*')}`, admin);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('角色信息.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows.slice(0, 3)).toEqual([['角色信息报表'], ['导出人:管理员'], ['角色名称', '角色编码', '备注', '创建时间']]);
    expect(rows.slice(3).map((r) => r.slice(0, 2))).toEqual([['评审专家', 'xypj_expert']]);

    const data = await workbook([
      ['角色名称', '角色编码', '备注'],
      ['导入角色', 'imported_role', '从文件导入'],
      ['重复', 'admin', ''],
      ['没有编码', '', ''],
      ['坏编码', 'bad code!', ''],
      ['导入角色二', 'imported_role', ''],
    ]);
    const imported = (await upload('/sys/role/importExcel', admin, 'r.xlsx', data)).json();
    expect(imported).toMatchObject({ code: 201, result: { totalCount: 5, errorCount: 4, successCount: 1 } });
    const report = await get(imported.result.fileUrl, admin);
    expect(report.body).toContain('第3行：角色编码已存在');
    expect(report.body).toContain('第4行：请输入角色编码!');
    expect(report.body).toContain('第5行：角色编码只能包含字母、数字、下划线和中划线');
    expect(report.body).toContain('第6行：角色编码已存在');
    const role = await t.db.selectFrom('sys_role').selectAll().where('role_code', '=', 'imported_role').executeTakeFirstOrThrow();
    expect(role).toMatchObject({ role_name: '导入角色', description: '从文件导入', create_by: 'admin' });
    expect(await t.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', role.id).execute()).toEqual([]);
  });

  it('needs user:export / user:import / role:export / role:import (403 otherwise, 401 anonymous)', async () => {
    const staff = await t.login('staff');
    expect((await get('/sys/user/exportXls', staff)).statusCode).toBe(403);
    expect((await get('/sys/role/exportXls', staff)).statusCode).toBe(403);
    expect((await get('/sys/user/exportXls')).statusCode).toBe(401);
    const file = await workbook([
      ['角色名称', '角色编码'],
      ['越权', 'sneaky_role'],
    ]);
    expect((await upload('/sys/role/importExcel', staff, 'r.xlsx', file)).statusCode).toBe(403);
    expect((await upload('/sys/user/importExcel', staff, 'u.xlsx', file)).statusCode).toBe(403);
    expect(await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'sneaky_role').executeTakeFirst()).toBeUndefined();
  });

  it('refuses files that are not Excel workbooks with a plain message', async () => {
    const res = await upload('/sys/user/importExcel', admin, 'x.xlsx', Buffer.from('not a workbook'));
    expect(res.json()).toMatchObject({ success: false, message: '文件格式不正确，请上传.xls或.xlsx格式的Excel文件' });
    const noHeader = await upload(
      '/sys/role/importExcel',
      admin,
      'x.xlsx',
      await workbook([
        ['甲', '乙'],
        ['1', '2'],
      ]),
    );
    expect(noHeader.json()).toMatchObject({ success: false, message: '文件中没有找到表头，请使用导出的模板' });
  });
});
