import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkValue, type CheckRulePart } from '../../server/modules/entity/check-rules';
import { normalizeCheckSteps } from '../../server/modules/rules/check-steps';
import { composeValue, dateParts, parseFillParams, periodOf } from '../../server/modules/rules/fill-generator';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';

describe('fill rule generator', () => {
  it('composes prefix, date and zero-padded sequence and counts per period', () => {
    const d = dateParts(new Date('2026-03-04T20:05:06Z'));
    expect(d).toMatchObject({ yyyy: '2026', MM: '03', dd: '05', HH: '04' });
    const p = parseFillParams('{"prefix":"CN","dateFormat":"yyyyMMdd","seqLength":4,"reset":"day"}');
    expect(composeValue(p, d, 7)).toBe('CN202603050007');
    expect(composeValue(p, d, 12345)).toBe('CN2026030512345');
    expect(composeValue(parseFillParams('{"prefix":"X","dateFormat":"yy","seqLength":3,"separator":"-"}'), d, 1)).toBe('X-26-001');
    expect(periodOf('day', d)).toBe('20260305');
    expect(periodOf('month', d)).toBe('202603');
    expect(periodOf('year', d)).toBe('2026');
    expect(periodOf('never', d)).toBe('-');
    expect(parseFillParams('')).toMatchObject({ prefix: '', seqLength: 4, reset: 'never' });
  });

  it('refuses anything but the declared parameters', () => {
    expect(() => parseFillParams('[1]')).toThrow('只能传递JSON对象');
    expect(() => parseFillParams('{x')).toThrow('请输入JSON字符串');
    expect(() => parseFillParams('{"ruleClass":"org.jeecg.X"}')).toThrow('不支持的规则参数');
    expect(() => parseFillParams('{"dateFormat":"yyyy${x}"}')).toThrow('日期格式');
    expect(() => parseFillParams('{"seqLength":40}')).toThrow('流水号位数');
    expect(() => parseFillParams('{"reset":"hour"}')).toThrow('重置周期');
    expect(() => parseFillParams('{"prefix":"<b>"}')).toThrow('前缀');
  });
});

describe.each(backends())('填值规则 on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = caller(t, await t.login('admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds rules and does CRUD with checked parameters', async () => {
    const seeded = await admin.get('/sys/fillRule/list?ruleCode=shop_order_num');
    expect(seeded.result.records[0]).toMatchObject({ ruleName: '订单号', ruleCode: 'shop_order_num' });
    expect(await admin.post('/sys/fillRule/add', { ruleName: '测试', ruleCode: 't_bad', ruleParams: '{"ruleClass":"x"}' })).toMatchObject({
      success: false,
      message: expect.stringContaining('不支持的规则参数'),
    });
    expect(
      await admin.post('/sys/fillRule/add', { ruleName: '测试', ruleCode: 't_rule', ruleParams: '{"prefix":"T","seqLength":3}' }),
    ).toMatchObject({ success: true });
    expect(await admin.post('/sys/fillRule/add', { ruleName: '重复', ruleCode: 't_rule' })).toMatchObject({ success: false });
    const id = (await admin.get('/sys/fillRule/list?ruleCode=t_rule')).result.records[0].id as string;
    expect(await admin.put('/sys/fillRule/edit', { id, ruleParams: '[]' })).toMatchObject({
      success: false,
      message: expect.stringContaining('JSON数组'),
    });
    expect(await admin.put('/sys/fillRule/edit', { id, ruleName: '改名', ruleParams: '{"prefix":"T","seqLength":2}' })).toMatchObject({
      success: true,
    });
    expect((await admin.get(`/sys/fillRule/queryById?id=${id}`)).result).toMatchObject({ ruleName: '改名' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ success: true, result: 'T01' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ result: 'T01' });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/t_rule')).toMatchObject({ success: true, result: 'T01' });
    expect(await admin.put('/sys/fillRule/executeRuleByCode/t_rule', {})).toMatchObject({ result: 'T02' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ result: 'T03' });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/none_such')).toMatchObject({
      success: false,
      message: '填值规则不存在：none_such',
    });
    expect(await admin.del(`/sys/fillRule/delete?id=${id}`)).toMatchObject({ success: true });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/t_rule')).toMatchObject({ success: false });
    const staff = caller(t, await t.login('staff'));
    expect(await staff.get('/sys/fillRule/list')).toMatchObject({ success: false });
    expect(await caller(t).get('/sys/fillRule/executeRuleByCode/shop_order_num')).toMatchObject({ success: false });
  });

  it('gives 20 concurrent callers distinct consecutive numbers, and the batch form', async () => {
    expect(
      await admin.post('/sys/fillRule/add', {
        ruleName: '并发',
        ruleCode: 't_conc',
        ruleParams: '{"prefix":"C","dateFormat":"yyyy","seqLength":4,"reset":"year"}',
      }),
    ).toMatchObject({ success: true });
    const year = dateParts(new Date()).yyyy;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? admin.put('/sys/fillRule/executeRuleByCode/t_conc', {}) : admin.get('/sys/fillRule/executeRuleByCode/t_conc'),
      ),
    );
    const values = answers
      .map((a) => {
        expect(a.success).toBe(true);
        return a.result as string;
      })
      .sort();
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `C${year}${String(i + 1).padStart(4, '0')}`));
    const batch = await admin.put('/sys/fillRule/executeRuleByCodeBatch', {
      commonFormData: {},
      rules: [{ ruleCode: 't_conc' }, { ruleCode: 'xypj_cert_no', formData: {} }],
    });
    expect(batch).toMatchObject({
      success: true,
      result: [
        { ruleCode: 't_conc', result: `C${year}0021` },
        { ruleCode: 'xypj_cert_no', result: `XYPJ-${year}-00001` },
      ],
    });
    const rows = await sql<{ seq: number | string }>`select seq from sys_fill_rule_seq where rule_code = 't_conc'`.execute(t.db);
    expect(rows.rows.map((r) => Number(r.seq))).toEqual([21]);
  });
});

describe('check rule steps', () => {
  it('derives the pattern of each kind and refuses unsafe or incomplete steps', () => {
    const steps = JSON.parse(
      normalizeCheckSteps(
        JSON.stringify([
          { digits: '2', kind: 'upper', message: '前两位大写字母' },
          { digits: '3', kind: 'set', chars: 'ab-]', message: '接着三位只能是 a b - ]' },
          { digits: 'rest', kind: 'digits', message: '其余为数字' },
          { digits: '*', kind: 'regex', pattern: '^.{6,10}$', message: '6到10位' },
          { digits: '*', kind: 'chinese', message: 'x', pattern: 'ignored' },
        ]),
      ),
    ) as CheckRulePart[];
    expect(steps.map((s) => s.pattern)).toEqual(['[A-Z]{2}', '[ab\\-\\]]{3}', '[0-9]+', '^.{6,10}$', '[\\u4e00-\\u9fa5]+']);
    const rules = steps.slice(0, 4);
    expect(checkValue(rules, 'AB-a]12')).toBeNull();
    expect(checkValue(rules, 'Ab-a]12')?.message).toBe('前两位大写字母');
    expect(checkValue(rules, 'ABxyz12')?.message).toBe('接着三位只能是 a b - ]');
    expect(checkValue(rules, 'AB-a]')?.message).toBe('其余为数字');
    expect(checkValue(rules, 'AB-a]1x')?.message).toBe('其余为数字');
    expect(checkValue(rules, 'AB-a]1234567')?.message).toBe('6到10位');
    expect(checkValue(steps.slice(4), '信用评价')).toBeNull();
    expect(() => normalizeCheckSteps('[]')).toThrow('请至少添加一条校验规则');
    expect(() => normalizeCheckSteps('[{"digits":"0","kind":"digits","message":"m"}]')).toThrow('位数请输入零以上的正整数');
    expect(() => normalizeCheckSteps('[{"digits":"1","kind":"digits","message":""}]')).toThrow('提示文本不能为空');
    expect(() => normalizeCheckSteps('[{"digits":"1","kind":"set","message":"m"}]')).toThrow('请填写允许的字符');
    expect(() => normalizeCheckSteps('[{"digits":"*","kind":"regex","pattern":"x(?!y)","message":"m"}]')).toThrow(
      '第1条规则：正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）',
    );
    expect(() => normalizeCheckSteps('[{"digits":"501","kind":"digits","message":"m"}]')).toThrow('第1条规则：位数不能超过500');
    expect(() => normalizeCheckSteps(`[{"digits":"*","kind":"regex","pattern":"${'a'.repeat(201)}","message":"m"}]`)).toThrow(
      '不能超过200个字符',
    );
    expect(() => normalizeCheckSteps('[{"digits":"*","kind":"regex","pattern":"[","message":"m"}]')).toThrow('请输入正确的正则表达式');
    expect(() => normalizeCheckSteps('[{"digits":"1","kind":"eval","message":"m"}]')).toThrow('不支持的规则类型');
  });
});

describe.each(backends())('编码校验规则 on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = caller(t, await t.login('admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded rules, saves steps with derived patterns and checks values by code', async () => {
    const seeded = await admin.get('/sys/checkRule/list?ruleCode=common');
    expect(seeded.result.records[0]).toMatchObject({ ruleName: '通用编码规则' });
    const ruleJson = JSON.stringify([
      { digits: '2', kind: 'upper', message: '前两位必须是大写字母' },
      { digits: 'rest', kind: 'digits', message: '其余必须是数字' },
    ]);
    expect(
      await admin.post('/sys/checkRule/add', {
        ruleName: '项目编号',
        ruleCode: 'proj_no',
        ruleJson,
        ruleDescription: '两位大写字母加数字',
      }),
    ).toMatchObject({ success: true });
    expect(await admin.post('/sys/checkRule/add', { ruleName: '重复', ruleCode: 'proj_no', ruleJson })).toMatchObject({ success: false });
    expect(
      await admin.post('/sys/checkRule/add', {
        ruleName: '坏',
        ruleCode: 'bad_rule',
        ruleJson: '[{"digits":"*","kind":"regex","pattern":"(\\\\d)\\\\1","message":"m"}]',
      }),
    ).toMatchObject({ success: false, message: expect.stringContaining('正则表达式不能使用反向引用') });
    expect(await admin.post('/sys/checkRule/add', { ruleName: '空', ruleCode: 'empty_rule' })).toMatchObject({ success: false });
    const row = (await admin.get('/sys/checkRule/list?ruleCode=proj_no')).result.records[0];
    expect(JSON.parse(row.ruleJson as string)[0]).toMatchObject({ pattern: '[A-Z]{2}' });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=XY2026')).toMatchObject({ success: true });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=xY2026')).toMatchObject({
      success: false,
      message: '前两位必须是大写字母',
    });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=XY20a6')).toMatchObject({
      success: false,
      message: '其余必须是数字',
    });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=')).toMatchObject({ success: true });
    expect(
      await admin.put('/sys/checkRule/edit', {
        id: row.id,
        ruleJson: JSON.stringify([{ digits: '*', kind: 'digits', message: '只能是数字' }]),
      }),
    ).toMatchObject({ success: true });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=XY2026')).toMatchObject({
      success: false,
      message: '只能是数字',
    });
    expect((await admin.get(`/sys/checkRule/queryById?id=${row.id}`)).result).toMatchObject({ ruleName: '项目编号' });
    expect(await admin.del(`/sys/checkRule/delete?id=${row.id}`)).toMatchObject({ success: true });
    expect(await admin.get('/sys/checkRule/checkByCode?ruleCode=proj_no&value=1')).toMatchObject({
      success: false,
      message: '该编码不存在',
    });
    const staff = caller(t, await t.login('staff'));
    expect(await staff.post('/sys/checkRule/add', { ruleName: 'x', ruleCode: 'x_rule', ruleJson })).toMatchObject({ success: false });
  });
});

describe.each(backends())('多数据源 on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  const secret = 'S3cret-数据源-pw';

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = caller(t, await t.login('admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const source = (code: string, port: number) => ({
    code,
    name: `数据源${code}`,
    dbHost: '127.0.0.1',
    dbPort: port,
    dbName: 'postgres',
    dbUsername: 'postgres',
    remark: '测试',
  });

  it('keeps the password encrypted apart, never returns it, and edits leave it as it is', async () => {
    expect(await admin.post('/sys/dataSource/add', source('ds_local', 5432))).toMatchObject({ success: true });
    expect(await admin.post('/sys/dataSource/add', source('ds_local', 5432))).toMatchObject({ success: false });
    expect(await admin.post('/sys/dataSource/add', { ...source('ds_bad', 70000) })).toMatchObject({ success: false });
    const id = (await admin.get('/sys/dataSource/list?code=ds_local')).result.records[0].id as string;
    expect(await admin.put('/sys/dataSource/password', { id, password: secret })).toMatchObject({ success: true });
    expect(await admin.put('/sys/dataSource/password', { id: 'none', password: secret })).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    const stored = await sql<{ password_enc: string }>`select password_enc from sys_data_source_secret where source_id = ${id}`.execute(
      t.db,
    );
    expect(stored.rows[0]!.password_enc).toMatch(/^v1:/);
    expect(stored.rows[0]!.password_enc).not.toContain(secret);
    expect(await admin.put('/sys/dataSource/edit', { id, name: '本机库', remark: '改过' })).toMatchObject({ success: true });
    const again = await sql<{ password_enc: string }>`select password_enc from sys_data_source_secret where source_id = ${id}`.execute(
      t.db,
    );
    expect(again.rows[0]!.password_enc).toBe(stored.rows[0]!.password_enc);
    for (const url of ['/sys/dataSource/list', `/sys/dataSource/queryById?id=${id}`]) {
      const text = JSON.stringify(await admin.get(url));
      expect(text).not.toContain(secret);
      expect(text).not.toContain('v1:');
    }
    const exported = await t.request({ method: 'GET', url: '/api/sys/dataSource/exportXls', token: await t.login('admin') });
    expect(exported.body).not.toContain(secret);
    const logs = await sql<{ request_param: string | null }>`select request_param from sys_log`.execute(t.db);
    for (const l of logs.rows) expect(l.request_param ?? '').not.toContain(secret);
    const staff = caller(t, await t.login('staff'));
    expect(await staff.put('/sys/dataSource/password', { id, password: 'x' })).toMatchObject({ success: false });
    expect(await admin.del(`/sys/dataSource/delete?id=${id}`)).toMatchObject({ success: true });
    expect((await sql`select 1 from sys_data_source_secret where source_id = ${id}`.execute(t.db)).rows).toHaveLength(0);
  });

  it('测试连接 succeeds on the local PostgreSQL and fails plainly on a closed port', async () => {
    expect(await admin.post('/sys/dataSource/add', source('ds_pg', 5432))).toMatchObject({ success: true });
    expect(await admin.post('/sys/dataSource/add', source('ds_closed', 1))).toMatchObject({ success: true });
    const ids = Object.fromEntries(
      ((await admin.get('/sys/dataSource/list')).result.records as { code: string; id: string }[]).map((r) => [r.code, r.id]),
    );
    expect(await admin.put('/sys/dataSource/password', { id: ids.ds_pg!, password: 'unused-by-trust-auth' })).toMatchObject({
      success: true,
    });
    expect(await admin.post('/sys/dataSource/testConnection', { id: ids.ds_pg! })).toMatchObject({
      success: true,
      message: '数据库连接成功',
    });
    const bad = await admin.post('/sys/dataSource/testConnection', { id: ids.ds_closed! });
    expect(bad).toMatchObject({ success: false });
    expect(bad.message).toMatch(/^数据库连接失败：/);
  });
});
