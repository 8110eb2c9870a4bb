import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReadOnly } from '../../server/modules/online';
import { checkReportSql } from '../../server/modules/online/sql-guard';
import { backends, startTestApp, type TestApp } from './support/app';

const ONE = '报表SQL只能是一条查询语句';
const WRITE = '报表SQL不能修改数据（INSERT、UPDATE、DELETE、MERGE）';

/** Each attempt and the message the designer sees. */
const REFUSED: Array<[string, string]> = [
  ['select 1; drop table x', ONE],
  ['select 1 -- x\n; delete from t', ONE],
  ['select 1 as a; select 2 as b', ONE],
  ['select 1 as a; /* only a comment */ delete from sys_role', ONE],
  ['delete from sys_role', WRITE],
  ['select pg_sleep(10)', '报表SQL不能调用函数 pg_sleep'],
  ["select id from sys_depart where depart_name = current_setting('x')", '报表SQL不能调用函数 current_setting'],
  ["select pg_catalog.pg_read_file('/etc/passwd')", '报表SQL不能调用函数 pg_read_file'],
  ['with d as (delete from sys_role returning *) select * from d', WRITE],
  ['select * from (select 1 as a) q where exists (with u as (update sys_role set role_name = 1 returning 1) select 1 from u)', WRITE],
  ['select * from pg_authid', '报表SQL不能读取系统表 pg_authid'],
  ['select * from information_schema.tables', '报表SQL不能读取系统表 tables'],
  ['select * from pg_catalog.pg_class', '报表SQL不能读取系统表 pg_class'],
  ['select * from sys_user', '报表SQL不能读取数据表 sys_user（含账号、口令或密钥）'],
  ['select d.id from sys_depart d join sys_user_token t on true', '报表SQL不能读取数据表 sys_user_token（含账号、口令或密钥）'],
  ['select * from other.t', '报表SQL只能读取 public 模式的表，不能读取 other.t'],
  ['select * into t2 from sys_role', '报表SQL不能使用 SELECT INTO 建表'],
  ['select * from sys_role for update', '报表SQL不能加锁（FOR UPDATE / FOR SHARE）'],
  ['select * from sys_role where id = $1', '报表SQL不能使用 $1 这样的位置参数，请使用 ${参数名}'],
  ["select * from sys_role where role_name = 'a${p}'", '报表SQL的参数 ${…} / #{…} 只能单独作为一个值使用，不能写在字符串或注释里'],
  ['', '报表SQL不能为空'],
];

const DEPART_SQL =
  "select id, depart_name, org_category, depart_order from sys_depart where del_flag = '0' and (${name} = '' or depart_name like ${name} || '%')";

describe('report SQL guard (parser)', () => {
  it.each(REFUSED)('refuses %j', async (text, message) => {
    await expect(checkReportSql(text)).rejects.toThrow(message);
  });

  it('accepts one SELECT with comments, CTEs, allowlisted functions and placeholders as bind markers', async () => {
    const checked = await checkReportSql(
      '-- 部门统计\nwith d as (select * from sys_depart) /* note; delete */ select org_category, count(*) as n, coalesce(max(depart_order), 0) as m,\n' +
        "to_char(now(), 'YYYY') as y from d where depart_name like ${name} || '%' and org_code = #{sys_org_code} group by org_category;",
    );
    expect(checked.paramNames).toEqual(['name']);
    expect(checked.parsedText).toContain('like $1');
    expect(checked.parsedText).toContain('org_code = $2');
  });
});

describe.each(backends())('online report designer on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    (await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload: payload as object } : {}) })).json();

  const model = (code: string, extra: Record<string, unknown> = {}) => ({
    head: { code, name: `部门报表${code}`, cgrSql: DEPART_SQL, chartType: 'bar', chartX: 'depart_name', chartY: 'depart_order', ...extra },
    items: [
      { fieldName: 'id', fieldTxt: 'ID', fieldType: 'String', isShow: 0 },
      {
        fieldName: 'depart_name',
        fieldTxt: '部门名称',
        fieldType: 'String',
        isShow: 1,
        isSearch: 1,
        searchMode: 'single',
        groupTitle: '部门',
      },
      { fieldName: 'org_category', fieldTxt: '机构类别', fieldType: 'String', isShow: 1, dictCode: 'org_category', groupTitle: '部门' },
      { fieldName: 'depart_order', fieldTxt: '排序', fieldType: 'Integer', isShow: 1, isOrder: 1, isTotal: 1 },
    ],
    params: [{ paramName: 'name', paramTxt: '名称前缀', paramValue: '' }],
  });

  it('derives the columns and parameters of a report SQL', async () => {
    const body = await call('POST', '/online/cgreport/head/parseSql', { sql: DEPART_SQL });
    expect(body.success, body.message).toBe(true);
    expect(body.result.fields.map((f: { fieldName: string; fieldType: string }) => [f.fieldName, f.fieldType])).toEqual([
      ['id', 'String'],
      ['depart_name', 'String'],
      ['org_category', 'String'],
      ['depart_order', 'Integer'],
    ]);
    expect(body.result.fields[0]).toMatchObject({ orderNum: 1, isShow: 1 });
    expect(body.result.params).toEqual([{ paramName: 'name', paramTxt: 'name', paramValue: '', orderNum: 1 }]);
    const viaQuery = await call('POST', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select count(*) as n from sys_role')}`);
    expect(viaQuery.result.fields).toMatchObject([{ fieldName: 'n', fieldType: 'Long' }]);
    expect(await call('POST', '/online/cgreport/head/parseSql', { sql: 'select 1' })).toMatchObject({
      success: false,
      message: expect.stringContaining('?column?'),
    });
  });

  it('refuses unsafe SQL when parsing and when saving, with the reason', async () => {
    for (const [text, message] of REFUSED.slice(0, 12)) {
      expect(await call('POST', '/online/cgreport/head/parseSql', { sql: text }), text).toMatchObject({ success: false, message });
    }
    const saved = await call('POST', '/online/cgreport/head/add', {
      ...model('t_bad'),
      head: { ...model('t_bad').head, cgrSql: 'select pg_sleep(10) as s' },
    });
    expect(saved).toMatchObject({ success: false, message: '报表SQL不能调用函数 pg_sleep' });
    expect((await call('GET', '/online/cgreport/head/list?code=t_bad')).result.total).toBe(0);
  });

  it('adds, lists, edits and deletes a report with its columns and parameters', async () => {
    const added = await call('POST', '/online/cgreport/head/add', model('zz_dept'));
    expect(added.success, added.message).toBe(true);
    const id = added.result as string;
    expect(await call('POST', '/online/cgreport/head/add', model('zz_dept'))).toMatchObject({
      success: false,
      message: '报表编码 zz_dept 已存在',
    });
    const list = await call('GET', '/online/cgreport/head/list?code=zz_dept');
    expect(list.result).toMatchObject({ total: 1, records: [{ id, code: 'zz_dept', chartType: 'bar', chartX: 'depart_name' }] });
    const items = (await call('GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).result;
    expect(items.map((i: { fieldName: string }) => i.fieldName)).toEqual(['id', 'depart_name', 'org_category', 'depart_order']);
    expect(items[3]).toMatchObject({ isTotal: '1', isOrder: 1 });
    expect((await call('GET', `/online/cgreport/param/listByHeadId?headId=${id}`)).result).toMatchObject([
      { paramName: 'name', paramTxt: '名称前缀' },
    ]);

    const edited = model('zz_dept2', { id, name: '改名报表' });
    expect(await call('PUT', '/online/cgreport/head/editAll', edited)).toMatchObject({ success: true });
    expect((await call('GET', '/online/cgreport/head/list?name=改名')).result.records[0]).toMatchObject({ id, code: 'zz_dept2' });
    const bad = { ...edited, head: { ...edited.head, cgrSql: 'with d as (delete from sys_role returning *) select * from d' } };
    expect(await call('PUT', '/online/cgreport/head/editAll', bad)).toMatchObject({ success: false, message: WRITE });
    expect(await call('DELETE', `/online/cgreport/head/delete?id=${id}`)).toMatchObject({ success: true });
    expect((await call('GET', '/online/cgreport/head/list?code=zz_dept')).result.total).toBe(0);
    expect((await call('GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).result).toEqual([]);
  });

  it('runs a report: parameters bound, totals over the whole filtered result, grouped headers, chart', async () => {
    expect((await call('POST', '/online/cgreport/head/add', model('t_run'))).success).toBe(true);
    const all = await call('GET', '/online/cgreport/api/getColumnsAndData/t_run?pageSize=2&column=depart_order&order=asc');
    expect(all.success, all.message).toBe(true);
    const departs = await t.db.selectFrom('sys_depart').select(['depart_name', 'depart_order']).where('del_flag', '=', '0').execute();
    expect(all.result.data.total).toBe(departs.length);
    expect(all.result.data.records).toHaveLength(2);
    expect(all.result.data.totals).toEqual({ depart_order: departs.reduce((s, d) => s + Number(d.depart_order ?? 0), 0) });
    expect(all.result).toMatchObject({ isGroupTitle: true, chart: { type: 'bar', x: 'depart_name', y: ['depart_order'] } });
    expect(all.result.columns.find((c: { dataIndex: string }) => c.dataIndex === 'depart_order')).toMatchObject({
      isTotal: '1',
      sorter: true,
    });

    const prefix = departs[0].depart_name!.slice(0, 2);
    const filtered = await call('GET', `/online/cgreport/api/getData/t_run?self_name=${encodeURIComponent(prefix)}`);
    const expected = departs.filter((d) => d.depart_name!.startsWith(prefix));
    expect(filtered.result.total).toBe(expected.length);
    expect(filtered.result.totals.depart_order).toBe(expected.reduce((s, d) => s + Number(d.depart_order ?? 0), 0));

    // a parameter value is only ever a value
    const injected = await call('GET', `/online/cgreport/api/getData/t_run?self_name=${encodeURIComponent("'; drop table sys_role; --")}`);
    expect(injected).toMatchObject({ success: true, result: { total: 0, records: [] } });
    expect((await t.db.selectFrom('sys_role').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('exports the visible columns with dictionary texts, grouped headers and the totals row', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/online/cgreport/api/exportManySheetXls/t_run?column=depart_order&order=asc',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 2)).toEqual(['部门', '部门']);
    expect(rows[1]).toEqual(['部门名称', '机构类别', '排序']);
    const departs = await t.db.selectFrom('sys_depart').select(['depart_order']).where('del_flag', '=', '0').execute();
    expect(rows).toHaveLength(departs.length + 3);
    const last = rows.at(-1)!;
    expect([last[0], last[2]]).toEqual(['合计', departs.reduce((s, d) => s + Number(d.depart_order ?? 0), 0)]);
    expect(rows.slice(2, -1).every((r) => typeof r[1] === 'string' && !/^\d+$/.test(r[1] as string))).toBe(true);
  });

  it('is closed to users without the design permission', async () => {
    for (const [method, url] of [
      ['GET', '/online/cgreport/head/list'],
      ['POST', '/online/cgreport/head/parseSql'],
      ['POST', '/online/cgreport/head/add'],
      ['GET', '/online/cgreport/item/listByHeadId?headId=x'],
      ['DELETE', '/online/cgreport/head/delete?id=x'],
    ] as const) {
      const res = await t.request({
        method,
        url: `/api${url}`,
        token: staff,
        payload: method === 'POST' ? { sql: 'select 1 as a' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('runs report queries read-only, and on PostgreSQL as the reader role that cannot read credentials', async () => {
    const added = await call('POST', '/online/cgreport/head/add', {
      head: { code: 't_who', name: '当前角色', cgrSql: 'select current_user as who' },
      items: [{ fieldName: 'who', fieldTxt: '角色' }],
    });
    expect(added.success, added.message).toBe(true);
    const who = (await call('GET', '/online/cgreport/api/getData/t_who')).result.records;
    // PGlite has one user and no roles to switch to: READ ONLY is the guard there
    // each database has its own reader role, named after a hash of the database's name
    if (backend === 'postgres') expect(who).toEqual([{ who: expect.stringMatching(/^xypj_report_[0-9a-f]{12}$/) }]);
    else expect(who).toHaveLength(1);
    // even past the SQL guard, a report transaction writes nothing
    await expect(withReadOnly(t.db, (trx) => sql`delete from sys_role`.execute(trx))).rejects.toThrow(
      /read-only transaction|permission denied/,
    );
    if (backend === 'postgres')
      await expect(withReadOnly(t.db, (trx) => sql`select password from sys_user`.execute(trx))).rejects.toThrow(/permission denied/);
    const rows = await withReadOnly(t.db, (trx) => sql<{ n: number }>`select count(*)::int as n from v_user_brief`.execute(trx));
    expect(rows.rows[0].n).toBeGreaterThan(0);
  });
});
