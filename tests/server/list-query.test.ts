import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runListQuery, type ListParams, type ListSource } from '../../server/modules/entity/list-query';
import { backends, startTestApp, type TestApp } from './support/app';

const SOURCE: ListSource = {
  table: 'lq_item',
  idProperty: 'id',
  defaultSort: { column: 'seq', order: 'asc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'name', column: 'name', type: 'string' },
    { property: 'seq', column: 'seq', type: 'int' },
    { property: 'score', column: 'score', type: 'decimal' },
    { property: 'active', column: 'active', type: 'boolean' },
    { property: 'birthDay', column: 'birth_day', type: 'date' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
    { property: 'sex', column: 'sex', type: 'string', dictCode: 'sex' },
    { property: 'orgCode', column: 'org_code', type: 'string' },
  ],
};

// GMT+8 wall clock times
const ROWS: Array<[string, string, number, string, boolean, string, string, string, string]> = [
  ['r1', 'alpha one', 1, '10.5', true, '2024-01-01', '2024-03-01 08:00:00', '1', 'A01'],
  ['r2', 'beta two', 2, '20', false, '2024-02-15', '2024-03-01 23:30:00', '2', 'A01A02'],
  ['r3', 'gamma_three', 3, '30.25', true, '2024-03-31', '2024-03-02 00:10:00', '1', 'A02'],
  ['r4', "o'brien; drop", 4, '40', false, '2023-12-31', '2024-04-10 12:00:00', '1,2', 'B01'],
  ['r5', '100%', 5, '50', true, '2024-06-01', '2024-05-01 09:00:00', '9', 'A01A02A03'],
];

describe.each(backends())('list query builder on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await sql`create table lq_item (id varchar(32) primary key, name varchar(100), seq integer, score numeric(10,2), active boolean,
      birth_day date, create_time timestamptz, sex varchar(10), org_code varchar(64))`.execute(t.db);
    for (const [id, name, seq, score, active, day, time, sex, org] of ROWS) {
      await sql`insert into lq_item values (${id}, ${name}, ${seq}, ${score}, ${active}, ${day}, ${`${time}+08`}, ${sex}, ${org})`.execute(
        t.db,
      );
    }
  });
  afterAll(() => t?.close());

  const ids = async (params: ListParams, options = {}) => (await runListQuery(t.db, SOURCE, params, options)).records.map((r) => r.id);

  it('pages with defaults 1/10, caps the page size and reports total, size, current and pages', async () => {
    const page = await runListQuery(t.db, SOURCE, {});
    expect(page).toMatchObject({ total: 5, size: 10, current: 1, pages: 1 });
    const second = await runListQuery(t.db, SOURCE, { pageNo: '2', pageSize: '2' });
    expect(second).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(second.records.map((r) => r.id)).toEqual(['r3', 'r4']);
    expect(await runListQuery(t.db, SOURCE, { pageNo: '3', pageSize: '2' })).toMatchObject({
      total: 5,
      current: 3,
      pages: 3,
      records: [{ id: 'r5' }],
    });
    expect(await runListQuery(t.db, SOURCE, { pageNo: '9', pageSize: '2' })).toMatchObject({ total: 5, current: 9, records: [] });
    expect(await runListQuery(t.db, SOURCE, { seq: '> 100' })).toMatchObject({ total: 0, pages: 0, records: [] });
    expect((await runListQuery(t.db, SOURCE, { pageSize: '999999' })).size).toBe(1000);
    expect(await runListQuery(t.db, SOURCE, { pageNo: 'x', pageSize: '-1' })).toMatchObject({ size: 10, current: 1 });
  });

  it('returns contract dates and the dictionary text of each value', async () => {
    const [r4] = (await runListQuery(t.db, SOURCE, { id: 'r4' })).records;
    expect(r4).toMatchObject({
      birthDay: '2023-12-31',
      createTime: '2024-04-10 12:00:00',
      sex: '1,2',
      sex_dictText: '男,女',
      active: false,
    });
    const [r5] = (await runListQuery(t.db, SOURCE, { id: 'r5' })).records;
    expect(r5!.sex_dictText).toBe('9');
    expect(Object.keys(r5!).indexOf('sex_dictText')).toBe(Object.keys(r5!).indexOf('sex') + 1);
  });

  it('applies every value form of a field filter', async () => {
    expect(await ids({ name: '*two*' })).toEqual(['r2']);
    expect(await ids({ name: 'gamma*' })).toEqual(['r3']);
    expect(await ids({ name: '*one' })).toEqual(['r1']);
    expect(await ids({ orgCode: ',A02A,B0,' })).toEqual(['r4', 'r5']);
    expect(await ids({ orgCode: 'A01,B01' })).toEqual(['r1', 'r4']);
    expect(await ids({ orgCode: '!A01' })).toEqual(['r2', 'r3', 'r4', 'r5']);
    expect(await ids({ seq: '>= 4' })).toEqual(['r4', 'r5']);
    expect(await ids({ seq: '>=4' })).toEqual(['r4', 'r5']);
    expect(await ids({ seq: '<= 2' })).toEqual(['r1', 'r2']);
    expect(await ids({ seq: '> 4' })).toEqual(['r5']);
    expect(await ids({ seq: '< 2' })).toEqual(['r1']);
    expect(await ids({ seq: '!= 3' })).toEqual(['r1', 'r2', 'r4', 'r5']);
    expect(await ids({ score: '30.25' })).toEqual(['r3']);
    expect(await ids({ active: 'true' })).toEqual(['r1', 'r3', 'r5']);
    expect(await ids({ name: '100%' })).toEqual(['r5']);
    expect(await ids({ name: '*%*' })).toEqual(['r5']);
    expect(await ids({ name: '*_*' })).toEqual(['r3']);
    expect(await ids({ name: '', seq: '   ' })).toHaveLength(5);
    expect(await ids({ createTime: '2024-03-01' })).toEqual(['r1', 'r2']);
  });

  it('applies _begin/_end ranges widened to whole days, and _MultiString', async () => {
    expect(await ids({ createTime_begin: '2024-03-01', createTime_end: '2024-03-01' })).toEqual(['r1', 'r2']);
    expect(await ids({ createTime_begin: '2024-03-01 12:00:00' })).toEqual(['r2', 'r3', 'r4', 'r5']);
    expect(await ids({ birthDay_begin: '2024-01-01', birthDay_end: '2024-03-31' })).toEqual(['r1', 'r2', 'r3']);
    expect(await ids({ seq_begin: '2', seq_end: '3' })).toEqual(['r2', 'r3']);
    expect(await ids({ orgCode_MultiString: 'A02,B01' })).toEqual(['r3', 'r4']);
  });

  it('sorts by known properties only, stripping _dictText', async () => {
    expect(await ids({ column: 'seq', order: 'desc' })).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']);
    expect(await ids({ column: 'sex_dictText,seq', order: 'asc' })).toEqual(['r1', 'r3', 'r4', 'r2', 'r5']);
    await expect(runListQuery(t.db, SOURCE, { column: 'id;delete from lq_item', order: 'asc' })).rejects.toThrow(
      '请注意，将要排序的列字段不存在：id;delete from lq_item',
    );
    await expect(runListQuery(t.db, SOURCE, { column: 'password', order: 'asc' })).rejects.toThrow(
      '请注意，将要排序的列字段不存在：password',
    );
  });

  it('applies superQueryParams with each rule in code and symbol form, joined by and/or', async () => {
    const q = (rules: unknown[], matchType?: string) =>
      ids({ superQueryParams: encodeURIComponent(JSON.stringify(rules)), ...(matchType ? { superQueryMatchType: matchType } : {}) });
    expect(await q([{ field: 'seq', rule: 'eq', val: '2' }])).toEqual(['r2']);
    expect(await q([{ field: 'seq', rule: '=', val: 2 }])).toEqual(['r2']);
    expect(await q([{ field: 'seq', rule: 'ne', val: '2' }])).toEqual(['r1', 'r3', 'r4', 'r5']);
    expect(await q([{ field: 'seq', rule: '!=', val: '2' }])).toHaveLength(4);
    expect(await q([{ field: 'seq', rule: 'gt', val: '4' }])).toEqual(['r5']);
    expect(await q([{ field: 'seq', rule: 'ge', val: '4' }])).toEqual(['r4', 'r5']);
    expect(await q([{ field: 'seq', rule: 'lt', val: '2' }])).toEqual(['r1']);
    expect(await q([{ field: 'seq', rule: 'le', val: '2' }])).toEqual(['r1', 'r2']);
    expect(await q([{ field: 'orgCode', rule: 'in', val: 'A01,A02' }])).toEqual(['r1', 'r3']);
    expect(await q([{ field: 'orgCode', rule: 'in', val: ['A01', 'B01'] }])).toEqual(['r1', 'r4']);
    expect(await q([{ field: 'name', rule: 'like', val: 'e' }])).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(await q([{ field: 'orgCode', rule: 'left_like', val: 'A02' }])).toEqual(['r2', 'r3']);
    expect(await q([{ field: 'orgCode', rule: 'right_like', val: 'A01' }])).toEqual(['r1', 'r2', 'r5']);
    expect(await q([{ field: 'createTime', rule: 'eq', val: '2024-03-01', type: 'date' }])).toEqual(['r1', 'r2']);
    const both = [
      { field: 'seq', rule: 'ge', val: '2' },
      { field: 'sex', rule: 'eq', val: '1' },
    ];
    expect(await q(both)).toEqual(['r3']);
    expect(await q(both, 'OR')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(
      await q([
        { field: 'seq', rule: 'eq', val: '' },
        { field: '', rule: 'eq', val: '1' },
      ]),
    ).toHaveLength(5);
    expect(await ids({ superQueryParams: JSON.stringify([{ field: 'seq', rule: 'eq', val: '3' }]) })).toEqual(['r3']);
  });

  it('refuses unknown advanced-query fields and rules, and malformed JSON, with plain messages', async () => {
    const run = (raw: string) => runListQuery(t.db, SOURCE, { superQueryParams: raw });
    await expect(run(JSON.stringify([{ field: 'password', rule: 'eq', val: 'x' }]))).rejects.toThrow('高级查询的字段不存在：password');
    await expect(run(JSON.stringify([{ field: '1=1 or id', rule: 'eq', val: 'x' }]))).rejects.toThrow('高级查询的字段不存在');
    await expect(run(JSON.stringify([{ field: 'seq', rule: 'exists', val: 'x' }]))).rejects.toThrow('高级查询的规则不正确：exists');
    await expect(run('[{"field":')).rejects.toThrow('高级查询条件格式不正确');
    await expect(run(JSON.stringify([{ field: 'seq', rule: 'eq', val: 'abc' }]))).rejects.toThrow('查询条件的值格式不正确：seq');
  });

  it('binds SQL-looking values instead of running them', async () => {
    expect(await ids({ name: "o'brien; drop" })).toEqual(['r4']);
    expect(await ids({ name: "'; drop table lq_item; --" })).toEqual([]);
    expect(await ids({ name: "*' or '1'='1*" })).toEqual([]);
    expect(await ids({ orgCode: "A01') or ('1'='1,B01" })).toEqual(['r4']);
    expect((await runListQuery(t.db, SOURCE, {})).total).toBe(5);
    await expect(runListQuery(t.db, SOURCE, { name: 'x'.repeat(1001) })).rejects.toThrow('查询条件过长：name');
    await expect(runListQuery(t.db, SOURCE, { superQueryParams: 'x'.repeat(30_000) })).rejects.toThrow('高级查询条件过长');
  });

  it('applies data rules with system variables substituted as bound values', async () => {
    const variables = { sysUserCode: 'admin', sysUserName: '管理员', sysOrgCode: 'A01', sysMultiOrgCode: ['A02', 'B01'], tenantId: '1' };
    const withRules = (rules: Array<{ column: string; condition: string; value: string }>) => ids({}, { dataRules: rules, variables });
    expect(await withRules([{ column: 'orgCode', condition: 'eq', value: '#{sys_org_code}' }])).toEqual(['r1']);
    expect(await withRules([{ column: 'orgCode', condition: 'RIGHT_LIKE', value: '#{sysOrgCode}' }])).toEqual(['r1', 'r2', 'r5']);
    expect(await withRules([{ column: 'orgCode', condition: 'in', value: '#{sys_multi_org_code}' }])).toEqual(['r3', 'r4']);
    expect(await withRules([{ column: 'name', condition: 'eq', value: "#{sys_org_code}' or '1'='1" }])).toEqual([]);
    await expect(withRules([{ column: 'orgCode', condition: 'USE_SQL_RULES', value: '1=1' }])).rejects.toThrow(
      '不支持SQL片段形式的数据权限规则',
    );
    await expect(withRules([{ column: 'password', condition: 'eq', value: '1' }])).rejects.toThrow('数据权限规则的字段不存在：password');
    await expect(withRules([{ column: 'orgCode', condition: 'eq', value: '#{sys_secret}' }])).rejects.toThrow('未知的系统变量');
  });
});

describe.each(backends())('list endpoint hostile input on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    await t.request({ method: 'POST', url: '/api/sys/position/add', payload: { code: 'p1', name: '职务一', postRank: '1' }, token: admin });
  });
  afterAll(() => t?.close());

  const LEAK = /syntax|relation|postgres|pglite|kysely|stack|at .*\(|\/work\/|node_modules/i;
  const list = (query: string) => t.request({ method: 'GET', url: `/api/sys/position/list?${query}`, token: admin });

  it('answers hostile sort, filter and advanced-query input with plain messages', async () => {
    const sort = await list(`column=${encodeURIComponent('id;delete from sys_position')}&order=asc`);
    expect(sort.statusCode).toBe(200);
    expect(sort.json()).toMatchObject({
      success: false,
      code: 500,
      message: '请注意，将要排序的列字段不存在：id;delete from sys_position',
    });
    const filter = await list(`name=${encodeURIComponent("'; drop table sys_position; --")}`);
    expect(filter.json()).toMatchObject({ success: true, result: { total: 0 } });
    const superQuery = await list(`superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'password', rule: 'eq', val: '1' }]))}`);
    expect(superQuery.json()).toMatchObject({ success: false, message: '高级查询的字段不存在：password' });
    for (const res of [sort, filter, superQuery]) expect(res.body).not.toMatch(LEAK);
    const still = await list('name=职务一&column=name_dictText&order=asc');
    expect(still.json().result.total).toBe(1);
  });
});

describe.each(backends())('paging rows that share one create_time on %s', (backend) => {
  const ROW_COUNT = 5000;
  const PAGE_SIZE = 100;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    // one import: every row carries the same create_time
    await sql`insert into sys_position (id, code, name, post_rank, create_time)
      select 'imp' || lpad(g::text, 5, '0'), 'imp' || g, '导入职务' || g, '1', timestamptz '2024-05-01 09:00:00+08'
      from generate_series(1, ${ROW_COUNT}) g`.execute(t.db);
    await sql`insert into sys_log (id, log_type, log_content, operate_type, create_time)
      select 'implog' || lpad(g::text, 5, '0'), 2, '导入日志' || g, 1, timestamptz '2024-05-01 09:00:00+08'
      from generate_series(1, ${ROW_COUNT}) g`.execute(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  async function pagedIds(url: string): Promise<string[]> {
    const seen: string[] = [];
    for (let pageNo = 1, pages = 1; pageNo <= pages; pageNo++) {
      const res = await t.request({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}pageNo=${pageNo}&pageSize=${PAGE_SIZE}`,
        token: admin,
      });
      const body = res.json();
      expect(body.success).toBe(true);
      pages = body.result.pages;
      seen.push(...(body.result.records as Array<{ id: string }>).map((r) => r.id));
    }
    return seen;
  }

  it('returns each entity row exactly once across the pages of the default order', async () => {
    const ids = (await pagedIds('/api/sys/position/list')).filter((id) => id.startsWith('imp'));
    expect(ids).toHaveLength(ROW_COUNT);
    expect(new Set(ids).size).toBe(ROW_COUNT);
  }, 120_000);

  it('returns each log row exactly once across the pages of the log list', async () => {
    const ids = (await pagedIds('/api/sys/log/list?logType=2&keyWord=导入日志')).filter((id) => id.startsWith('implog'));
    expect(ids).toHaveLength(ROW_COUNT);
    expect(new Set(ids).size).toBe(ROW_COUNT);
  }, 120_000);
});
