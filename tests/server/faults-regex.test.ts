import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../server/modules/entity/definitions';
import { backends, startTestApp, type TestApp } from './support/app';
import { addFields, addHead, grantMenu } from './support/online-forms';

const STAFF_ROLE = 'r_xypj_staff';
/** Bounded repeats in a chain: the old hand-written guard let it through, RegExp needs minutes on a long non-matching value. */
const CHAINED = `^${'\\w{0,42}'.repeat(6)}$`;
const FORM = 'f_t_rx';

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

describe('entity file patterns', () => {
  const entity = (pattern: string) => ({
    $schema: '../_meta/entity.schema.json',
    table: 'demo_rx',
    label: '示例',
    apiBase: '/demo/rx',
    permissionPrefix: 'demo:rx',
    columns: [{ name: 'code', type: 'string', length: 50, label: '编码', pattern }],
  });

  it('compiles with the linear-time engine and refuses what it cannot express, naming the reason', () => {
    const def = defineEntity('demo_rx.json', entity(CHAINED));
    expect(def.fields.find((f) => f.property === 'code')?.rules.pattern?.test('a'.repeat(252))).toBe(true);
    expect(() => defineEntity('demo_rx.json', entity('(?<=A)\\d+'))).toThrow(
      '列 code 的 pattern 不可用：正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）',
    );
  });
});

describe.each(backends())('user-written regular expressions on %s', (backend) => {
  let t: TestApp;
  let admin = '';
  let staff = '';

  beforeAll(async () => {
    t = await startTestApp(backend);
    await sql
      .raw(
        'create table t_rx (id varchar(36) primary key, create_by varchar(50), create_time timestamp, update_by varchar(50), update_time timestamp, sys_org_code varchar(64), code varchar(1000), ref varchar(100))',
      )
      .execute(t.db);
    await addHead(t.db, FORM, 't_rx', '正则测试');
    await addFields(t.db, FORM, [
      { name: 'code', txt: '编码', length: 1000 },
      { name: 'ref', txt: '参考号', length: 100 },
    ]);
    // saved before patterns were checked by the engine: the first chains bounded repeats, the second needs a back-reference
    await sql`update onl_cgform_field set field_valid_type = ${CHAINED} where id = ${`${FORM}_code`}`.execute(t.db);
    await sql`update onl_cgform_field set field_valid_type = ${'^(\\d)\\1$'} where id = ${`${FORM}_ref`}`.execute(t.db);
    await grantMenu(t.db, 'm_t_rx', '正则测试', `/online/cgformList/${FORM}`, STAFF_ROLE);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(() => t?.close());

  const checkByCode = (ruleCode: string, value: string) =>
    t.request({
      method: 'GET',
      url: `/api/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(value)}`,
      token: staff,
    });

  it('saves a check rule of chained bounded repeats and checks a 252- or 10,000-character value within 100 ms', async () => {
    const ruleJson = JSON.stringify([{ digits: '*', kind: 'regex', pattern: CHAINED, message: '最多252位字母、数字或下划线' }]);
    const saved = await t.request({
      method: 'POST',
      url: '/api/sys/checkRule/add',
      token: admin,
      payload: { ruleName: '链式重复', ruleCode: 'chained', ruleJson },
    });
    expect(saved.json()).toMatchObject({ success: true });
    await checkByCode('chained', 'warm-up');
    for (const value of [`${'a'.repeat(251)}!`, 'a'.repeat(10_000)]) {
      // the best of three: backtracking would make every one take minutes, a busy machine only some
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        const { value: res, ms } = await timed(() => checkByCode('chained', value));
        expect(res.json()).toMatchObject({ success: false, message: '最多252位字母、数字或下划线', result: { passed: false } });
        times.push(ms);
      }
      console.log(`checkByCode with ${value.length} characters: ${times.map((ms) => ms.toFixed(1)).join(', ')} ms`);
      expect(Math.min(...times)).toBeLessThan(100);
    }
    expect((await checkByCode('chained', 'a'.repeat(252))).json()).toMatchObject({ success: true });
  });

  it('refuses to save a check rule the engine cannot express, with the reason', async () => {
    const ruleJson = JSON.stringify([{ digits: '*', kind: 'regex', pattern: '\\d+(?=元)', message: 'm' }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/checkRule/add',
      token: admin,
      payload: { ruleName: '前瞻', ruleCode: 'lookahead', ruleJson },
    });
    expect(res.json()).toMatchObject({ success: false, message: '第1条规则：正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）' });
  });

  it('checks an online-form value of 801 characters against a chained-repeat pattern at once', async () => {
    const { value: res, ms } = await timed(() =>
      t.request({ method: 'POST', url: `/api/online/cgform/api/form/${FORM}`, token: staff, payload: { code: `${'a'.repeat(800)}!` } }),
    );
    console.log(`online-form add with 801 characters: ${ms.toFixed(1)} ms`);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('编码格式不正确') });
    expect(ms).toBeLessThan(1000);
    const ok = await t.request({ method: 'POST', url: `/api/online/cgform/api/form/${FORM}`, token: staff, payload: { code: 'abc_123' } });
    expect(ok.json()).toMatchObject({ success: true });
  });

  it('answers the reason for a stored online-form pattern the engine cannot run, and sends its source to the form', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/online/cgform/api/form/${FORM}`,
      token: staff,
      payload: { code: 'x', ref: '11' },
    });
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('参考号的校验规则无法使用：正则表达式不能使用反向引用（线性时间引擎不支持）'),
    });
    expect(await sql`select count(*)::int as n from t_rx where code = 'x'`.execute(t.db).then((r) => (r.rows[0] as { n: number }).n)).toBe(
      0,
    );
  });
});
