import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReadOnly } from '../../server/modules/online';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('online report runtime on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let company: string;

  const addReport = async (id: string, cgrSql: string, items: string[] = []) => {
    await t.db
      .insertInto('onl_cgreport_head')
      .values({
        id,
        code: id,
        name: id,
        cgr_sql: cgrSql,
        return_val_field: null,
        return_txt_field: null,
        return_type: null,
        db_source: 'local',
        content: null,
        role_codes: '',
        del_flag: 0,
        create_by: 'test',
        create_time: new Date(),
        update_by: null,
        update_time: null,
      })
      .execute();
    let n = 0;
    for (const field of items) {
      await t.db
        .insertInto('onl_cgreport_item')
        .values({
          id: `${id}_${field}`,
          cgrhead_id: id,
          field_name: field,
          field_txt: field,
          field_width: null,
          field_type: 'String',
          search_mode: 'single',
          is_order: 1,
          is_search: 1,
          dict_code: null,
          field_href: null,
          is_show: 1,
          order_num: ++n,
          replace_val: null,
          is_total: null,
          group_title: null,
          create_by: 'test',
          create_time: new Date(),
          update_by: null,
          update_time: null,
        })
        .execute();
    }
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = await t.login('staff');
    company = await t.login('company');
    await addReport('t_update', "update sys_user set realname = 'hacked' returning id, realname");
    await addReport('t_cte_update', "with u as (update sys_user set realname = 'hacked' returning id) select id from u");
    await addReport('t_two_statements', "select id from sys_user; update sys_user set realname = 'hacked'");
    await addReport('t_for_update', 'select id, realname from sys_user for update');
    await addReport('t_own', 'select username, realname from v_user_brief where username = #{sys_user_code}', ['username']);
    await addReport('t_quoted', "select username from v_user_brief where username = '${name}'", ['username']);
    await addReport('t_credentials', 'select username, password from sys_user');
  });
  afterAll(() => t?.close());

  const get = async (url: string, token = staff) =>
    (await t.request({ method: 'GET', url: `/api/online/cgreport/api/${url}`, token })).json();
  const usernames = (body: { result: { records: Array<{ username: string }> } }) => body.result.records.map((r) => r.username);

  it('describes a report for the popup: columns, dictionary options, id and name', async () => {
    const body = await get('getRpColumns/report_user');
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({ cgRpConfigId: 'rpt_user', cgRpConfigName: '用户选择', fieldHrefSlots: [] });
    expect(body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'username',
      'realname',
      'sex',
      'phone',
      'org_code',
      'create_time',
    ]);
    expect(body.result.columns[2]).toMatchObject({ title: '性别', customRender: 'sex', fieldType: 'Integer' });
    expect(body.result.dictOptions.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(body.result.dictOptions.org_code).toContainEqual({
      value: 'A01A01',
      text: '信用评价办公室',
      title: '信用评价办公室',
      label: '信用评价办公室',
    });
  });

  it('answers the query form items', async () => {
    const body = await get('getQueryInfo/rpt_user');
    expect(body.result.map((q: { field: string }) => q.field)).toEqual(['username', 'realname', 'sex', 'create_time']);
    expect(body.result[2]).toMatchObject({ field: 'sex', label: '性别', view: 'list', mode: 'single', dictCode: 'sex' });
    expect(body.result[3]).toMatchObject({ field: 'create_time', view: 'datetime', mode: 'group' });
    expect((await get('getParamsInfo/report_depart')).result).toEqual([{ paramName: 'parentId', paramTxt: '上级部门ID', paramValue: '' }]);
  });

  it('pages and sorts data by an item column', async () => {
    const first = await get('getData/rpt_user?pageNo=1&pageSize=2&column=username&order=asc');
    expect(first.result.total).toBe(6);
    expect(usernames(first)).toEqual(['admin', 'company']);
    expect(usernames(await get('getData/rpt_user?pageNo=2&pageSize=2&column=username&order=asc'))).toEqual(['expert', 'reviewer2']);
    expect(usernames(await get('getData/rpt_user?pageSize=10&column=username&order=desc'))[0]).toBe('staff');
    expect(first.result.records[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by text, dictionary and date range with bound values', async () => {
    expect(usernames(await get(`getData/rpt_user?realname=${encodeURIComponent('专家')}`))).toEqual(['expert']);
    expect((await get('getData/rpt_user?sex=1')).result.total).toBe(0);
    expect((await get('getData/rpt_user?create_time_begin=2000-01-01')).result.total).toBe(6);
    expect((await get('getData/rpt_user?create_time_end=2000-01-01')).result.total).toBe(0);
  });

  it('treats injection attempts in search values as plain values', async () => {
    for (const q of [
      `realname=${encodeURIComponent("' or '1'='1")}`,
      'username=%25',
      `sex=${encodeURIComponent('1 or 1=1')}`,
      `username=${encodeURIComponent("admin'--")}`,
    ]) {
      const body = await get(`getData/rpt_user?${q}`);
      expect(body, q).toMatchObject({ success: true, result: { total: 0, records: [] } });
    }
    const badDate = await get(`getData/rpt_user?create_time_begin=${encodeURIComponent("2020-01-01'; drop table sys_user; --")}`);
    expect(badDate).toMatchObject({ success: false, message: '查询条件格式不正确' });
    const param = await get(`getData/report_depart?self_parentId=${encodeURIComponent("x' or '1'='1")}`);
    expect(param.result.total).toBe(0);
  });

  it('refuses a sort column that is not one of the report items', async () => {
    for (const column of ['username;drop table sys_user', 'password', '(select 1)', 'realname desc, (select 1)', 't.username']) {
      const body = await get(`getData/rpt_user?column=${encodeURIComponent(column)}&order=asc`);
      expect(body, column).toMatchObject({ success: false, message: '排序字段不存在' });
    }
  });

  it('binds ${param} placeholders from self_ values or their defaults, and system variables', async () => {
    expect((await get('getData/report_depart?pageSize=20')).result.total).toBe(5);
    const children = await get('getData/report_depart?self_parentId=d_a01&column=depart_order&order=asc');
    expect(children.result.records.map((r: { id: string }) => r.id)).toEqual(['d_a01a01', 'd_a01a02', 'd_a01a03']);
    expect(usernames(await get('getData/t_own'))).toEqual(['staff']);
    expect(usernames(await get('getData/t_quoted?self_name=expert'))).toEqual(['expert']);
    expect(usernames(await get(`getData/t_quoted?self_name=${encodeURIComponent("x' or '1'='1")}`))).toEqual([]);
  });

  it('cannot write through report SQL', async () => {
    // reports saved before the guard existed (or written into the tables directly) are checked again before they run
    const WRITE = '报表SQL不能修改数据（INSERT、UPDATE、DELETE、MERGE）';
    expect(await get('getData/t_update')).toMatchObject({ success: false, message: WRITE });
    expect(await get('getData/t_cte_update')).toMatchObject({ success: false, message: WRITE });
    expect(await get('getData/t_for_update')).toMatchObject({ success: false, message: '报表SQL不能加锁（FOR UPDATE / FOR SHARE）' });
    expect(await get('getData/t_two_statements')).toMatchObject({ success: false, message: '报表SQL只能是一条查询语句' });
    expect(await get('getData/t_credentials')).toMatchObject({
      success: false,
      message: '报表SQL不能读取数据表 sys_user（含账号、口令或密钥）',
    });
    const hacked = await t.db.selectFrom('sys_user').select('id').where('realname', '=', 'hacked').execute();
    expect(hacked).toEqual([]);
    await expect(
      withReadOnly(t.db, (trx) => sql`update sys_user set realname = 'hacked' where username = 'staff'`.execute(trx)),
    ).rejects.toThrow();
    const settings = await withReadOnly(t.db, async (trx) => [
      (await sql<{ transaction_read_only: string }>`show transaction_read_only`.execute(trx)).rows[0].transaction_read_only,
      (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(trx)).rows[0].statement_timeout,
    ]);
    expect(settings).toEqual(['on', '5s']);
    const staffRow = await t.db.selectFrom('sys_user').select('realname').where('username', '=', 'staff').executeTakeFirstOrThrow();
    expect(staffRow.realname).toBe('评价办工作人员');
  });

  it('keeps staff-only reports from other roles and answers plain messages', async () => {
    const denied = await t.request({ method: 'GET', url: '/api/online/cgreport/api/getData/report_user', token: company });
    expect(denied.statusCode).toBe(403);
    expect((await get('getData/report_depart', company)).result.total).toBe(5);
    expect(await get('getRpColumns/nope')).toMatchObject({ success: false, message: '报表不存在' });
    const anonymous = await t.request({ method: 'GET', url: '/api/online/cgreport/api/getRpColumns/report_depart' });
    expect(anonymous.statusCode).toBe(401);
    const columnsAndData = await get('getColumnsAndData/report_depart?pageSize=2');
    expect(columnsAndData.result).toMatchObject({ cgreportHeadName: '部门选择', data: { total: 5 } });
    expect(columnsAndData.result.data.records).toHaveLength(2);
  });
});
