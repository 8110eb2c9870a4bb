import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/forms';
import { xlsWorkbook } from './support/xls-writer';

describe.each(backends())('departments, dictionaries, categories, tenants and account on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('adds departments with generated org codes and deletes a branch with its links', async () => {
    expect((await call('POST', '/sys/sysDepart/add', admin, { departName: '' })).body.message).toBe('请输入机构/部门名称!');
    expect((await call('POST', '/sys/sysDepart/add', admin, { departName: '新公司' })).body.success).toBe(true);
    const top = await t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', '新公司').executeTakeFirstOrThrow();
    expect(top).toMatchObject({ org_code: 'A03', org_type: '1', parent_id: null });
    await call('POST', '/sys/sysDepart/add', admin, { departName: '新部门', parentId: top.id, orgCategory: '2' });
    await call('POST', '/sys/sysDepart/add', admin, { departName: '新部门二', parentId: top.id, orgCategory: '2' });
    const kids = await t.db
      .selectFrom('sys_depart')
      .select(['id', 'org_code', 'org_type'])
      .where('parent_id', '=', top.id)
      .orderBy('org_code')
      .execute();
    expect(kids.map((k) => [k.org_code, k.org_type])).toEqual([
      ['A03A01', '2'],
      ['A03A02', '2'],
    ]);

    const tree = await call('GET', '/sys/sysDepart/queryTreeList', admin);
    const node = tree.body.result.find((n: { id: string }) => n.id === top.id);
    expect(node).toMatchObject({ key: top.id, value: top.id, title: '新公司', isLeaf: false });
    expect(node.children).toHaveLength(2);
    const lazy = await call('GET', `/sys/sysDepart/queryDepartTreeSync?pid=${top.id}`, admin);
    expect(lazy.body.result.map((n: { orgCode: string; isLeaf: boolean }) => [n.orgCode, n.isLeaf])).toEqual([
      ['A03A01', true],
      ['A03A02', true],
    ]);
    expect((await call('GET', '/sys/sysDepart/searchBy?keyWord=新部门', admin)).body.result).toHaveLength(2);
    expect((await call('GET', `/sys/sysDepart/queryAllParentId?departId=${kids[0].id}`, admin)).body.result).toEqual({
      [kids[0].id]: [top.id],
    });

    await call('POST', '/sys/user/editSysDepartWithUser', admin, { depId: kids[0].id, userIdList: ['u_demo_staff'] });
    await call('POST', '/sys/permission/saveDepartPermission', admin, {
      departId: kids[0].id,
      permissionIds: 'm_system,m_system_user',
      lastpermissionIds: '',
    });
    expect((await call('GET', `/sys/permission/queryDepartPermission?departId=${kids[0].id}`, admin)).body.result.sort()).toEqual([
      'm_system',
      'm_system_user',
    ]);
    await call('POST', '/sys/sysDepartRole/add', admin, { departId: kids[0].id, roleName: '组长', roleCode: 'leader' });
    const role = (await call('GET', `/sys/sysDepartRole/list?deptId=${kids[0].id}`, admin)).body.result.records[0];
    expect(role).toMatchObject({ roleName: '组长', roleCode: 'leader' });
    const roleGrant = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, {
      roleId: role.id,
      permissionIds: 'm_system_user,m_system_dict',
      lastpermissionIds: '',
    });
    expect(roleGrant.body.success).toBe(true);
    expect((await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`, admin)).body.result).toEqual([
      'm_system_user',
    ]);
    await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: 'u_demo_staff', newRoleId: role.id, oldRoleId: '' });

    const del = await call('DELETE', `/sys/sysDepart/delete?id=${top.id}`, admin);
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('sys_depart').select('id').where('org_code', 'like', 'A03%').execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_user_depart').select('id').where('dep_id', '=', kids[0].id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_depart_permission').select('id').where('depart_id', '=', kids[0].id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', kids[0].id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_depart_role_user').select('id').where('drole_id', '=', role.id).execute()).toEqual([]);
    const bad = await call('DELETE', `/sys/sysDepart/deleteBatch?ids=${encodeURIComponent("a' or 1=1--")}`, admin);
    expect(bad.status).toBe(400);
  });

  it('dictionaries: validation, items with value check, changes visible to lookups at once, recycle bin', async () => {
    expect((await call('POST', '/sys/dict/add', admin, { dictName: '', dictCode: 'x' })).body.message).toBe('请输入字典名称!');
    expect((await call('POST', '/sys/dict/add', admin, { dictName: '测试', dictCode: '' })).body.message).toBe('请输入字典编码!');
    expect((await call('POST', '/sys/dict/add', admin, { dictName: '重复', dictCode: 'sex' })).body.message).toBe('字典编码已存在');
    expect((await call('POST', '/sys/dict/add', admin, { dictName: '颜色', dictCode: 'test_color' })).body.success).toBe(true);
    const dict = (await call('GET', '/sys/dict/list?dictCode=test_color', admin)).body.result.records[0];
    expect(dict).toMatchObject({ dictName: '颜色', dictCode: 'test_color' });

    expect((await call('POST', '/sys/dictItem/add', admin, { dictId: dict.id, itemText: '红', itemValue: 'r;1' })).body.message).toBe(
      '数据值不能包含特殊字符！',
    );
    expect((await call('POST', '/sys/dictItem/add', admin, { dictId: dict.id, itemText: '', itemValue: 'red' })).body.message).toBe(
      '请输入名称!',
    );
    expect((await call('POST', '/sys/dictItem/add', admin, { dictId: dict.id, itemText: '红', itemValue: 'red' })).body.success).toBe(true);
    const check = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=red`, admin);
    expect(check.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=blue`, admin)).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await call('POST', '/sys/dictItem/add', admin, { dictId: dict.id, itemText: '又红', itemValue: 'red' })).body.message).toBe(
      '该值不可用，系统中已存在！',
    );

    const refresh = await call('GET', '/sys/dict/refleshCache', admin);
    expect(refresh.body.success).toBe(true);
    expect((await call('GET', '/sys/dict/getDictItems/test_color', admin)).body.result).toEqual([
      { value: 'red', text: '红', title: '红', label: '红' },
    ]);
    expect((await call('GET', '/sys/dict/queryAllDictItems', admin)).body.result.test_color).toHaveLength(1);
    const items = await call('GET', `/sys/dictItem/list?dictId=${dict.id}`, admin);
    expect(items.body.result.records[0]).toMatchObject({ itemText: '红', status_dictText: '启用' });

    expect((await call('DELETE', `/sys/dict/delete?id=${dict.id}`, admin)).body.success).toBe(true);
    expect((await call('GET', '/sys/dict/getDictItems/test_color', admin)).body.result).toEqual([]);
    expect((await call('GET', '/sys/dict/deleteList', admin)).body.result.map((d: { id: string }) => d.id)).toContain(dict.id);
    expect((await call('PUT', `/sys/dict/back/${dict.id}`, admin)).body.success).toBe(true);
    expect((await call('GET', '/sys/dict/getDictItems/test_color', admin)).body.result).toHaveLength(1);
    await call('DELETE', `/sys/dict/delete?id=${dict.id}`, admin);
    expect((await call('DELETE', `/sys/dict/deletePhysic/${dict.id}`, admin)).body.success).toBe(true);
    expect(await t.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dict.id).execute()).toEqual([]);
    const sort = await call('GET', `/sys/dict/list?column=${encodeURIComponent('dict_code desc; drop table sys_dict')}&order=asc`, admin);
    expect(sort.body.success).toBe(false);
    expect(sort.body.message).toContain('请注意，将要排序的列字段不存在');
  });

  it('categories get server codes, lazy trees and checked conditions', async () => {
    expect((await call('GET', '/sys/category/loadTreeRoot?async=false&pcode=0', admin)).body).toMatchObject({ success: true, result: [] });
    expect((await call('GET', '/sys/category/loadTreeRoot?async=true&pcode=A99', admin)).body).toMatchObject({
      success: false,
      message: '该节点不存在',
    });
    expect((await call('POST', '/sys/category/add', admin, { name: '' })).body.message).toBe('请输入类型名称!');
    await call('POST', '/sys/category/add', admin, { name: '资质', code: 'IGNORED' });
    const root = (await call('GET', '/sys/category/rootList', admin)).body.result.records[0];
    expect(root).toMatchObject({ name: '资质', code: 'A01', pid: '0', hasChild: '0' });
    await call('POST', '/sys/category/add', admin, { name: '甲级', pid: root.id });
    await call('POST', '/sys/category/add', admin, { name: '乙级', pid: root.id });
    const kids = (await call('GET', `/sys/category/childList?pid=${root.id}`, admin)).body.result;
    expect(kids.map((k: { code: string }) => k.code)).toEqual(['A01A01', 'A01A02']);
    expect((await call('GET', '/sys/category/loadTreeRoot?async=true&pcode=A01', admin)).body.result[0]).toMatchObject({
      key: root.id,
      leaf: false,
    });
    const full = await call('GET', '/sys/category/loadTreeRoot?async=false&pcode=0', admin);
    expect(full.body.result[0].children).toHaveLength(2);
    const filtered = await call(
      'GET',
      `/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent(JSON.stringify({ name: '甲' }))}`,
      admin,
    );
    expect(filtered.body.result.map((n: { title: string }) => n.title)).toEqual(['甲级']);
    const notJson = await call('GET', '/sys/category/loadTreeData?pcode=A01&condition=abc', admin);
    expect(notJson.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    const badField = await call(
      'GET',
      `/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent(JSON.stringify({ '1=1) or (name': 'x' }))}`,
      admin,
    );
    expect(badField.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect((await call('GET', '/sys/category/loadOne?field=password&val=x', admin)).body.message).toBe('字段不存在');
    expect((await call('GET', '/sys/category/loadOne?field=code&val=A01A02', admin)).body.result).toMatchObject({ name: '乙级' });
    expect((await call('GET', `/sys/category/loadDictItem?ids=${kids[1].id},${kids[0].id}`, admin)).body.result).toEqual(['乙级', '甲级']);
    expect((await call('GET', '/sys/category/loadAllData?code=A01', admin)).body.result).toHaveLength(3);
    expect((await call('GET', `/sys/category/checkCode?pid=${root.id}&code=B01`, admin)).body.message).toBe(
      '编码不符合规范，须以"A01"开头!',
    );
    await call('DELETE', `/sys/category/delete?id=${kids[0].id}`, admin);
    await call('DELETE', `/sys/category/delete?id=${kids[1].id}`, admin);
    expect((await call('GET', '/sys/category/rootList', admin)).body.result.records[0].hasChild).toBe('0');
  });

  it('tenants: number required, duplicate refused, in-use tenant kept', async () => {
    expect((await call('POST', '/sys/tenant/add', admin, { name: '新租户' })).body.message).toBe('请输入租户编号!');
    expect((await call('POST', '/sys/tenant/add', admin, { id: '1', name: '重复' })).body.message).toBe('租户编号已存在');
    expect(
      (await call('POST', '/sys/tenant/add', admin, { id: '88', name: '新租户', beginDate: '2024-01-01', endDate: '2025-01-01' })).body
        .success,
    ).toBe(true);
    const list = await call('GET', '/sys/tenant/list?name=*新*', admin);
    expect(list.body.result.records[0]).toMatchObject({ id: 88, name: '新租户', status_dictText: '正常' });
    expect((await call('PUT', '/sys/tenant/edit', admin, { id: '88', name: '改名租户', status: '0' })).body.success).toBe(true);
    expect((await call('DELETE', '/sys/tenant/delete?id=1', admin)).body.message).toBe('该租户已关联用户，不能删除');
    expect((await call('POST', '/sys/tenant/delete?id=88', admin)).body.success).toBe(true);
    const mine = await call('GET', '/sys/tenant/getCurrentUserTenant', await t.login('staff'));
    expect(mine.body.result.list.map((x: { id: number }) => x.id)).toEqual([1, 2]);
  });

  it('account self-service changes own profile only and keeps notification preferences', async () => {
    const token = await t.login('expert');
    const res = await call('PUT', '/sys/user/appEdit', token, {
      realname: '新名字',
      email: 'expert.new@example.com',
      sex: '2',
      birthday: '1980-02-03',
      status: 2,
      username: 'hacker',
      delFlag: 1,
      selectedroles: 'f6817f48af4fb3af11b9e8bf182f618b',
      orgCode: 'A01',
      relTenantIds: '1',
      password: 'x',
    });
    expect(res.body).toMatchObject({ success: true, message: '修改成功!' });
    const row = await t.db.selectFrom('sys_user').selectAll().where('id', '=', 'u_demo_expert').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      realname: '新名字',
      email: 'expert.new@example.com',
      sex: 2,
      birthday: '1980-02-03',
      status: 1,
      username: 'expert',
      del_flag: 0,
      org_code: 'A01A02',
    });
    expect(await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', 'u_demo_expert').execute()).toEqual([
      { role_id: 'r_xypj_expert' },
    ]);
    expect((await call('PUT', '/sys/user/appEdit', token, { phone: '13800000001' })).body.message).toBe('手机号已存在!');
    expect((await call('GET', '/sys/user/currentUser', token)).body.result).toMatchObject({ username: 'expert', realname: '新名字' });
    expect((await call('GET', '/sys/user/notificationSettings', token)).body.result).toMatchObject({ systemMessage: true, email: false });
    await call('PUT', '/sys/user/notificationSettings', token, { email: true, systemMessage: false });
    expect((await call('GET', '/sys/user/notificationSettings', token)).body.result).toMatchObject({
      systemMessage: false,
      email: true,
      announcement: true,
    });
  });
  it('exports departments to xlsx and imports new ones under a parent code', async () => {
    const exported = await t.request({ method: 'GET', url: '/api/sys/sysDepart/exportXls', token: admin });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      '部门名称',
      '上级部门编码',
      '机构编码',
      '机构类型',
      '排序',
      '手机号',
      '传真',
      '地址',
      '备注',
    ]);
    expect(sheet.getRow(4).getCell(3).value).toBe('A01');

    const upload = new ExcelJS.Workbook();
    const ws = upload.addWorksheet('部门');
    ws.addRow(['部门信息报表']);
    ws.addRow(['导出人:管理员']);
    ws.addRow(['部门名称', '上级部门编码', '机构编码', '机构类型', '排序']);
    ws.addRow(['导入的部门', 'A01', '', '部门', 5]);
    ws.addRow(['', 'NOPE']);
    ws.addRow(['孤儿部门', 'Z99']);
    const file = Buffer.from(await upload.xlsx.writeBuffer());
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/sysDepart/importExcel',
      token: admin,
      ...multipart({}, [{ name: 'depart.xlsx', content: file }]),
    });
    expect(res.json()).toMatchObject({ success: true, code: 201, result: { totalCount: 3, successCount: 1, errorCount: 2 } });
    const row = await t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', '导入的部门').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: 'd_a01', org_category: '2', depart_order: 5 });
    expect(row.org_code).toMatch(/^A01A\d{2}$/);
  });
  it('imports departments from an Excel 97-2003 .xls file as well', async () => {
    const file = xlsWorkbook([
      ['部门信息报表'],
      ['导出人:管理员'],
      ['部门名称', '上级部门编码', '机构编码', '机构类型', '排序'],
      ['旧格式导入的部门', 'A01', null, '部门', 7],
      [null, 'NOPE'],
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/sysDepart/importExcel',
      token: admin,
      ...multipart({}, [{ name: 'depart.xls', content: file }]),
    });
    expect(res.json()).toMatchObject({ success: true, code: 201, result: { totalCount: 2, successCount: 1, errorCount: 1 } });
    const row = await t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', '旧格式导入的部门').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ parent_id: 'd_a01', org_category: '2', depart_order: 7 });
    const garbage = await t.request({
      method: 'POST',
      url: '/api/sys/sysDepart/importExcel',
      token: admin,
      ...multipart({}, [{ name: 'depart.xls', content: Buffer.from('not a workbook') }]),
    });
    expect(garbage.json()).toMatchObject({ success: false, message: '文件格式不正确，请上传.xls或.xlsx格式的Excel文件' });
  });
});
