import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, sheetRows, workbook } from './support/forms';

describe.each(backends())('dictionary and category export and import on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api${url}`, token, payload });
  const upload = (url: string, token: string, name: string, data: Buffer) =>
    t.request({ method: 'POST', url: `/api${url}`, token, ...importUpload(name, data) });
  const dictByCode = (code: string) => t.db.selectFrom('sys_dict').selectAll().where('dict_code', '=', code).executeTakeFirst();
  const itemsOf = async (code: string) => {
    const dict = await dictByCode(code);
    if (!dict) return [];
    const rows = await t.db
      .selectFrom('sys_dict_item')
      .select(['item_text', 'item_value', 'sort_order', 'status'])
      .where('dict_id', '=', dict.id)
      .orderBy('sort_order')
      .execute();
    return rows;
  };
  const category = (name: string) => t.db.selectFrom('sys_category').selectAll().where('name', '=', name).execute();

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('exports the filtered dictionaries with their items, one row per item', async () => {
    const res = await get('/sys/dict/exportXls?dictCode=sex', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('字典信息.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows.slice(0, 3)).toEqual([
      ['字典信息报表'],
      ['导出人:管理员'],
      ['字典名称', '字典编码', '描述', '字典项名称', '字典项值', '字典项描述', '排序值', '是否启用'],
    ]);
    expect(rows.slice(3).map((r) => [r[0], r[1], r[3], r[4], r[7]])).toEqual([
      ['性别', 'sex', '男', '1', '启用'],
      ['性别', 'sex', '女', '2', '启用'],
    ]);
  });

  it('imports dictionaries checked like the add forms: good rows saved, bad rows reported with code 201', async () => {
    const data = await workbook([
      ['字典信息报表'],
      ['导出人:管理员'],
      ['字典名称', '字典编码', '描述', '字典项名称', '字典项值', '字典项描述', '排序值', '是否启用'],
      ['导入字典', 'imp_dict', '从文件导入', '甲', 'a', '', 1, '启用'],
      ['导入字典', 'imp_dict', '从文件导入', '乙', 'b', '', 2, '禁用'],
      ['导入字典', 'imp_dict', '', '重复值', 'a', '', 3, ''],
      ['性别二', 'sex', '', '男', '1', '', '', ''],
      ['', 'no_name', '', '', '', '', '', ''],
      ['坏编码', '9bad code', '', '', '', '', '', ''],
      ['特殊值', 'imp_special', '', '坏', 'a b', '', '', ''],
      ['空字典', 'imp_empty', '', '', '', '', '', ''],
    ]);
    const body = (await upload('/sys/dict/importExcel', admin, '字典.xlsx', data)).json();
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { totalCount: 8, errorCount: 5, successCount: 3 },
    });
    const report = await get(body.result.fileUrl, admin);
    expect(report.body).toContain('第6行：该值不可用，系统中已存在！');
    expect(report.body).toContain('第7行：字典编码已存在');
    expect(report.body).toContain('第8行：请输入字典名称!');
    expect(report.body).toContain('第9行：字典编码只能包含字母、数字和下划线，并以字母开头');
    expect(report.body).toContain('第10行：数据值不能包含特殊字符！');

    expect(await dictByCode('imp_dict')).toMatchObject({
      dict_name: '导入字典',
      description: '从文件导入',
      del_flag: 0,
      create_by: 'admin',
    });
    expect(await itemsOf('imp_dict')).toEqual([
      { item_text: '甲', item_value: 'a', sort_order: 1, status: 1 },
      { item_text: '乙', item_value: 'b', sort_order: 2, status: 0 },
    ]);
    expect(await itemsOf('imp_empty')).toEqual([]);
    expect(await dictByCode('imp_empty')).toBeTruthy();
    expect(await dictByCode('imp_special')).toBeUndefined();
    expect(await itemsOf('sex')).toHaveLength(2);
  });

  it('an exported dictionary imports back as a duplicate code', async () => {
    const exported = (await get('/sys/dict/exportXls?dictCode=imp_dict', admin)).rawPayload;
    const again = (await upload('/sys/dict/importExcel', admin, 'd.xlsx', exported)).json();
    expect(again).toMatchObject({ code: 201, result: { totalCount: 2, errorCount: 2, successCount: 0 } });
    const fresh = (
      await upload(
        '/sys/dict/importExcel',
        admin,
        'd.xlsx',
        await workbook([
          ['字典名称', '字典编码'],
          ['新字典', 'imp_fresh'],
        ]),
      )
    ).json();
    expect(fresh).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
  });

  it('exports the category tree with parent codes and imports it back as a new tree with generated codes', async () => {
    expect((await post('/sys/category/add', admin, { name: '导出根' })).json().success).toBe(true);
    const [root] = await category('导出根');
    expect((await post('/sys/category/add', admin, { pid: root!.id, name: '导出子' })).json().success).toBe(true);
    const [child] = await category('导出子');
    expect((await post('/sys/category/add', admin, { pid: child!.id, name: '导出孙' })).json().success).toBe(true);

    const res = await get(`/sys/category/exportXls?selections=${root!.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('分类字典.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows.slice(0, 3)).toEqual([['分类字典报表'], ['导出人:管理员'], ['分类名称', '分类编码', '父级编码']]);
    expect(rows.slice(3)).toEqual([
      ['导出根', root!.code],
      ['导出子', child!.code, root!.code],
      ['导出孙', `${child!.code}A01`, child!.code],
    ]);

    const imported = (await upload('/sys/category/importExcel', admin, 'c.xlsx', res.rawPayload)).json();
    expect(imported).toMatchObject({ success: true, code: 200, message: '共3行数据全部导入成功！' });
    const roots = await category('导出根');
    expect(roots).toHaveLength(2);
    const copy = roots.find((r) => r.id !== root!.id)!;
    expect(copy).toMatchObject({ pid: '0', has_child: '1' });
    expect(copy.code).not.toBe(root!.code);
    const childCopy = (await category('导出子')).find((c) => c.pid === copy.id)!;
    expect(childCopy.code).toBe(`${copy.code}A01`);
    const grandCopy = (await category('导出孙')).find((c) => c.pid === childCopy.id)!;
    expect(grandCopy).toMatchObject({ code: `${childCopy.code}A01`, has_child: '0' });
  });

  it('reports category rows without a name or with an unknown parent code (201), saving the rest under existing parents', async () => {
    const [root] = await category('导出根');
    const data = await workbook([
      ['分类名称', '分类编码', '父级编码'],
      ['挂在已有节点下', '', root!.code],
      ['', 'X01', ''],
      ['孤儿', '', 'ZZZ999'],
    ]);
    const body = (await upload('/sys/category/importExcel', admin, 'c.xlsx', data)).json();
    expect(body).toMatchObject({ code: 201, result: { totalCount: 3, errorCount: 2, successCount: 1 } });
    const report = await get(body.result.fileUrl, admin);
    expect(report.body).toContain('第3行：请输入类型名称!');
    expect(report.body).toContain('第4行：父级编码不存在');
    const [saved] = await category('挂在已有节点下');
    expect(saved).toMatchObject({ pid: root!.id });
    expect(saved!.code.startsWith(root!.code)).toBe(true);
  });

  it('needs dict:export / dict:import / category:export / category:import (403 otherwise, 401 anonymous)', async () => {
    const staff = await t.login('staff');
    expect((await get('/sys/dict/exportXls', staff)).statusCode).toBe(403);
    expect((await get('/sys/category/exportXls', staff)).statusCode).toBe(403);
    expect((await get('/sys/dict/exportXls')).statusCode).toBe(401);
    expect((await get('/sys/category/exportXls')).statusCode).toBe(401);
    const dictFile = await workbook([
      ['字典名称', '字典编码'],
      ['越权', 'sneaky_dict'],
    ]);
    expect((await upload('/sys/dict/importExcel', staff, 'd.xlsx', dictFile)).statusCode).toBe(403);
    const categoryFile = await workbook([
      ['分类名称', '父级编码'],
      ['越权分类', ''],
    ]);
    expect((await upload('/sys/category/importExcel', staff, 'c.xlsx', categoryFile)).statusCode).toBe(403);
    expect(await dictByCode('sneaky_dict')).toBeUndefined();
    expect(await category('越权分类')).toEqual([]);
  });

  it('seeds the four codes as buttons under their menus, granted to admin', async () => {
    const buttons = await t.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms', 'p.parent_id', 'p.menu_type', 'r.role_code'])
      .where('p.perms', 'in', ['dict:export', 'dict:import', 'category:export', 'category:import'])
      .orderBy('p.perms')
      .execute();
    expect(buttons).toEqual([
      { perms: 'category:export', parent_id: 'm_system_category', menu_type: 2, role_code: 'admin' },
      { perms: 'category:import', parent_id: 'm_system_category', menu_type: 2, role_code: 'admin' },
      { perms: 'dict:export', parent_id: 'm_system_dict', menu_type: 2, role_code: 'admin' },
      { perms: 'dict:import', parent_id: 'm_system_dict', menu_type: 2, role_code: 'admin' },
    ]);
  });
});
