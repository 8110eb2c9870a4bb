import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(await admin.post('/sys/fillRule/add', { ruleName: '测试', ruleCode: 't_bad', ruleParams: '{"ruleClass":"x"}' })).toMatchObject({ success: false, message: expect.stringContaining('不支持的规则参数') });
    expect(await admin.post('/sys/fillRule/add', { ruleName: '测试', ruleCode: 't_rule', ruleParams: '{"prefix":"T","seqLength":3}' })).toMatchObject({ success: true });
    expect(await admin.post('/sys/fillRule/add', { ruleName: '重复', ruleCode: 't_rule' })).toMatchObject({ success: false });
    const id = (await admin.get('/sys/fillRule/list?ruleCode=t_rule')).result.records[0].id as string;
    expect(await admin.put('/sys/fillRule/edit', { id, ruleParams: '[]' })).toMatchObject({ success: false, message: expect.stringContaining('JSON数组') });
    expect(await admin.put('/sys/fillRule/edit', { id, ruleName: '改名', ruleParams: '{"prefix":"T","seqLength":2}' })).toMatchObject({ success: true });
    expect((await admin.get(`/sys/fillRule/queryById?id=${id}`)).result).toMatchObject({ ruleName: '改名' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ success: true, result: 'T01' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ result: 'T01' });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/t_rule')).toMatchObject({ success: true, result: 'T01' });
    expect(await admin.put('/sys/fillRule/executeRuleByCode/t_rule', {})).toMatchObject({ result: 'T02' });
    expect(await admin.get('/sys/fillRule/testFillRule?ruleCode=t_rule')).toMatchObject({ result: 'T03' });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/none_such')).toMatchObject({ success: false, message: '填值规则不存在：none_such' });
    expect(await admin.del(`/sys/fillRule/delete?id=${id}`)).toMatchObject({ success: true });
    expect(await admin.get('/sys/fillRule/executeRuleByCode/t_rule')).toMatchObject({ success: false });
    const staff = caller(t, await t.login('staff'));
    expect(await staff.get('/sys/fillRule/list')).toMatchObject({ success: false });
    expect(await caller(t).get('/sys/fillRule/executeRuleByCode/shop_order_num')).toMatchObject({ success: false });
  });

  it('gives 20 concurrent callers distinct consecutive numbers, and the batch form', async () => {
    expect(await admin.post('/sys/fillRule/add', { ruleName: '并发', ruleCode: 't_conc', ruleParams: '{"prefix":"C","dateFormat":"yyyy","seqLength":4,"reset":"year"}' })).toMatchObject({ success: true });
    const year = dateParts(new Date()).yyyy;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? admin.put('/sys/fillRule/executeRuleByCode/t_conc', {}) : admin.get('/sys/fillRule/executeRuleByCode/t_conc'))));
    const values = answers.map((a) => { expect(a.success).toBe(true); return a.result as string; }).sort();
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `C${year}${String(i + 1).padStart(4, '0')}`));
    const batch = await admin.put('/sys/fillRule/executeRuleByCodeBatch', { commonFormData: {}, rules: [{ ruleCode: 't_conc' }, { ruleCode: 'xypj_cert_no', formData: {} }] });
    expect(batch).toMatchObject({ success: true, result: [{ ruleCode: 't_conc', result: `C${year}0021` }, { ruleCode: 'xypj_cert_no', result: `XYPJ-${year}-00001` }] });
    const rows = await sql<{ seq: number | string }>`select seq from sys_fill_rule_seq where rule_code = 't_conc'`.execute(t.db);
    expect(rows.rows.map((r) => Number(r.seq))).toEqual([21]);
  });
});
