import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkValue, parseRuleJson, patternProblem } from '../../server/modules/entity/check-rules';
import { registerDuplicateCheck } from '../../server/modules/entity/duplicate-check';
import { backends, startTestApp, type TestApp } from './support/app';

describe('check-rule patterns (linear-time engine)', () => {
  it('accepts ordinary patterns, the seed rules, and nested or alternated repetition (no backtracking to fear)', () => {
    for (const p of [
      '^[a-zA-Z]$',
      '^[0-9a-zA-Z_]*$',
      '^.{3,12}$',
      '\\d{3}',
      '^(?:[A-Z]{2})?\\d+$',
      '^\\w+@\\w+\\.\\w+$',
      '[(+*)]+',
      '(a+)+$',
      '(a|aa){2,}',
      'a*b*c*d*',
      '[\\u4e00-\\u9fa5]+',
    ]) {
      expect(patternProblem(p), p).toBeNull();
    }
  });

  it('refuses what the engine cannot express, long and invalid patterns, each with its reason', () => {
    expect(patternProblem('(a)\\1')).toBe('正则表达式不能使用反向引用（线性时间引擎不支持）');
    expect(patternProblem('(?<n>a)\\k<n>')).toBe('正则表达式不能使用反向引用（线性时间引擎不支持）');
    expect(patternProblem('\\d+(?=元)')).toBe('正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）');
    expect(patternProblem('(?<!-)\\d+')).toBe('正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）');
    expect(patternProblem('[(?=]')).toBeNull();
    expect(patternProblem('a{1001}')).toBe('正则表达式的重复次数不能超过1000');
    expect(patternProblem('(\\w{0,100}){10}')).toBe('正则表达式过于复杂，请减少重复次数');
    expect(patternProblem('a'.repeat(201))).toBe('正则表达式不能超过200个字符');
    expect(patternProblem('([a-z')).toBe('请输入正确的正则表达式');
  });

  it('checks rule JSON before it is saved', () => {
    expect(() => parseRuleJson('[{"digits":"0","pattern":"a","message":"m"}]')).toThrow('请输入零以上的正整数');
    expect(() => parseRuleJson('[{"digits":"*","pattern":"(a)\\\\1","message":"m"}]')).toThrow('正则表达式不能使用反向引用');
    expect(() => parseRuleJson('[{"digits":"501","pattern":"a","message":"m"}]')).toThrow('位数不能超过500');
    expect(() => parseRuleJson('{}')).toThrow('校验规则格式不正确');
    expect(parseRuleJson('[{"digits":"2","pattern":"\\\\d+","message":"m"}]')).toEqual([{ digits: '2', pattern: '\\d+', message: 'm' }]);
  });

  it('tests numbered parts as consecutive slices and * parts on the whole value', () => {
    const rules = [
      { digits: '2', pattern: '[A-Z]+', message: '前两位必须是大写字母' },
      { digits: '3', pattern: '\\d+', message: '第3到5位必须是数字' },
      { digits: '*', pattern: '.{5,8}', message: '长度为5到8位' },
    ];
    expect(checkValue(rules, 'AB123')).toBeNull();
    expect(checkValue(rules, 'A1123')).toMatchObject({
      message: '前两位必须是大写字母',
      beginIndex: 0,
      endIndex: 2,
      checkValue: 'A1',
      passed: false,
    });
    expect(checkValue(rules, 'ABx23')).toMatchObject({ message: '第3到5位必须是数字', beginIndex: 2, endIndex: 5, checkValue: 'x23' });
    expect(checkValue(rules, 'AB123456789')).toMatchObject({ message: '长度为5到8位', checkValue: 'AB123456789' });
  });
});

describe.each(backends())('duplicate check and rule-code check on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const admin = await t.login('admin');
    await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      payload: { code: 'taken', name: '已用', postRank: '1' },
      token: admin,
    });
    token = await t.login('staff');
  });
  afterAll(() => t?.close());

  const duplicate = (query: Record<string, string>) =>
    t.request({ method: 'GET', url: `/api/sys/duplicate/check?${new URLSearchParams(query).toString()}`, token });

  it('answers whether a value of a registered unique column is free', async () => {
    expect((await duplicate({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'free' })).json()).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await duplicate({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'taken' })).json()).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    const own = (await t.request({ method: 'GET', url: '/api/sys/position/list?code=taken', token: await t.login('admin') })).json().result
      .records[0];
    expect((await duplicate({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'taken', dataId: own.id })).json().success).toBe(
      true,
    );
    expect((await duplicate({ tableName: 'sys_position', fieldName: 'code', fieldVal: '' })).json()).toMatchObject({
      success: true,
      message: '数据为空,不作处理！',
    });
  });

  it('checks a dictionary code for the dictionary form, a recycled dictionary still holding its code', async () => {
    const admin = await t.login('admin');
    await t.request({
      method: 'POST',
      url: '/api/sys/dict/add',
      payload: { dictName: '回收字典', dictCode: 'recycled_code' },
      token: admin,
    });
    const id = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'recycled_code').executeTakeFirstOrThrow()).id;
    await t.request({ method: 'DELETE', url: `/api/sys/dict/delete?id=${id}`, token: admin });
    expect((await duplicate({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'sex' })).json()).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect((await duplicate({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'recycled_code' })).json().success).toBe(false);
    expect((await duplicate({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'brand_new_code' })).json().success).toBe(true);
    expect((await duplicate({ tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'recycled_code', dataId: id })).json().success).toBe(
      true,
    );
  });

  it('refuses tables and columns that are not registered, whatever they contain', async () => {
    for (const [tableName, fieldName] of [
      ['sys_user', 'password'],
      ['sys_user', 'realname'],
      ['sys_position', 'name'],
      ['sys_position where 1=1;--', 'code'],
      ['sys_position', "code' or '1'='1"],
    ]) {
      const res = await duplicate({ tableName: tableName!, fieldName: fieldName!, fieldVal: 'admin' });
      expect(res.json(), `${tableName}.${fieldName}`).toMatchObject({ success: false, message: '该字段不支持重复校验' });
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=x' })).statusCode,
    ).toBe(401);
  });

  it('lets other modules register their own pairs', async () => {
    registerDuplicateCheck({ table: 'sys_tenant', column: 'name' });
    expect((await duplicate({ tableName: 'sys_tenant', fieldName: 'name', fieldVal: '演示租户' })).json().message).toBe(
      '该值不可用，系统中已存在！',
    );
    expect(() => registerDuplicateCheck({ table: 'sys_role; drop', column: 'x' })).toThrow();
  });

  const checkByCode = (ruleCode: string, value: string) =>
    t.request({
      method: 'GET',
      url: `/api/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`,
      token,
    });

  it('checks values against a stored rule; empty values pass and unknown codes are refused', async () => {
    expect((await checkByCode('common', 'abc_12')).json()).toMatchObject({ success: true });
    const first = (await checkByCode('common', '1abc')).json();
    expect(first).toMatchObject({
      success: false,
      message: '第一位只能是字母',
      result: { passed: false, checkValue: '1', beginIndex: 0, endIndex: 1 },
    });
    expect((await checkByCode('common', 'ab')).json().message).toBe('最少输入3位数');
    expect((await checkByCode('common', 'a-b')).json().message).toBe('只能填写数字、大小写字母、下划线');
    expect((await checkByCode('common', '')).json().success).toBe(true);
    expect((await checkByCode('credit_code', '91110000MA01ABCD1X')).json().success).toBe(true);
    expect((await checkByCode('nope', 'x')).json()).toMatchObject({ success: false, message: '该编码不存在' });
    const hostile = await t.request({
      method: 'GET',
      url: `/api/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent("common' or '1'='1")}&value=x`,
      token,
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('runs a stored pattern that would backtrack without end in RegExp at once, and answers the reason for one the engine cannot run', async () => {
    const { sql } = await import('kysely');
    await sql`insert into sys_check_rule (id, rule_name, rule_code, rule_json) values ('cr_evil', 'evil', 'evil', ${JSON.stringify([{ digits: '*', pattern: '(a+)+$', message: '只能是字母a' }])})`.execute(
      t.db,
    );
    await sql`insert into sys_check_rule (id, rule_name, rule_code, rule_json) values ('cr_backref', 'backref', 'backref', ${JSON.stringify([{ digits: '*', pattern: '(a)\\1', message: 'm' }])})`.execute(
      t.db,
    );
    const started = Date.now();
    expect((await checkByCode('evil', `${'a'.repeat(40)}!`)).json()).toMatchObject({ success: false, message: '只能是字母a' });
    expect((await checkByCode('evil', 'a'.repeat(40))).json()).toMatchObject({ success: true });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await checkByCode('backref', 'aa')).json()).toMatchObject({
      success: false,
      message: '正则表达式不能使用反向引用（线性时间引擎不支持）',
    });
  });
});
