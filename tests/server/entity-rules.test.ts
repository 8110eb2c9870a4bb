import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

/** A fixture entity (read through ENTITY_DIRS) stating every value rule the server enforces. */
const fixtureDir = mkdtempSync(path.join(tmpdir(), 'entity-rules-'));
writeFileSync(
  path.join(fixtureDir, 'test_rule.json'),
  JSON.stringify({
    $schema: path.relative(fixtureDir, path.resolve('schemas/_meta/entity.schema.json')),
    table: 'test_rule',
    label: '规则样例',
    apiBase: '/test/rule',
    permissionPrefix: 'test:rule',
    columns: [
      { name: 'name', type: 'string', length: 50, maxLength: 6, required: true, label: '名称' },
      {
        name: 'code',
        type: 'string',
        length: 20,
        pattern: '^[A-Z]{2}\\d{2}$',
        patternMessage: '编码须为两个大写字母加两位数字',
        queryMatch: 'exact',
        label: '编码',
      },
      { name: 'note', type: 'string', length: 20, pattern: '^\\d+$', label: '备注号' },
      { name: 'qty', type: 'int', min: 1, max: 99, label: '数量' },
      { name: 'price', type: 'decimal', precision: 8, scale: 2, min: 0.5, label: '单价' },
      { name: 'colour', type: 'string', length: 4, allowedValues: ['红', '绿'], label: '颜色' },
      { name: 'active', type: 'string', length: 1, yesNo: true, label: '启用' },
      { name: 'level', type: 'string', length: 10, dictCode: 'test_rule_level', label: '等级' },
      { name: 'grade', type: 'string', length: 10, dictCode: 'no_such_dict', label: '品级' },
    ],
  }),
);
process.env.ENTITY_DIRS = fixtureDir;
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe.each(backends())('entity value rules and list matching on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    for (const action of ['list', 'add', 'edit']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/sys/permission/add',
        payload: { name: `规则${action}`, menuType: 2, perms: `test:rule:${action}`, permsType: '1', status: '1', parentId: 'm_system' },
        token: admin,
      });
      expect(res.json().success, res.body).toBe(true);
    }
  });
  afterAll(() => t?.close());

  const add = async (payload: Record<string, unknown>) =>
    (await t.request({ method: 'POST', url: '/api/test/rule/add', payload: { name: '样例', ...payload }, token: admin })).json();
  const list = async (url: string) => (await t.request({ method: 'GET', url: `/api${url}`, token: admin })).json();

  it('refuses values outside min/max, a pattern, the allowed values, Y/N and the max length, naming the field', async () => {
    expect(await add({ qty: 0 })).toMatchObject({ success: false, message: '数量不能小于1' });
    expect(await add({ qty: '100' })).toMatchObject({ success: false, message: '数量不能大于99' });
    expect(await add({ price: '0.49' })).toMatchObject({ success: false, message: '单价不能小于0.5' });
    expect(await add({ code: 'ab12' })).toMatchObject({ success: false, message: '编码须为两个大写字母加两位数字' });
    expect(await add({ note: '12a' })).toMatchObject({ success: false, message: '备注号格式不正确' });
    expect(await add({ colour: '蓝' })).toMatchObject({ success: false, message: '颜色只能是红、绿' });
    expect(await add({ active: 'y' })).toMatchObject({ success: false, message: '启用只能是Y或N' });
    expect(await add({ name: '七个字的名称啊' })).toMatchObject({ success: false, message: '名称长度不能超过6个字符' });
    expect(await add({ name: '六个字的名称', qty: 99, price: '0.5', code: 'AB12', note: '7', colour: '绿', active: 'N' })).toMatchObject({
      success: true,
    });
  });

  it('refuses a value for a dictionary that does not exist or has no items, and accepts it once the item exists', async () => {
    expect(await add({ grade: '1' })).toMatchObject({ success: false, message: '品级的字典no_such_dict不存在或没有字典项' });
    expect(await add({ level: 'high' })).toMatchObject({ success: false, message: '等级的字典test_rule_level不存在或没有字典项' });
    const created = await t.request({
      method: 'POST',
      url: '/api/sys/dict/add',
      payload: { dictName: '等级', dictCode: 'test_rule_level' },
      token: admin,
    });
    expect(created.json().success).toBe(true);
    expect(await add({ level: 'high' })).toMatchObject({ success: false, message: '等级的字典test_rule_level不存在或没有字典项' });
    const dict = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'test_rule_level').executeTakeFirstOrThrow();
    const item = await t.request({
      method: 'POST',
      url: '/api/sys/dictItem/add',
      payload: { dictId: dict.id, itemText: '高', itemValue: 'high' },
      token: admin,
    });
    expect(item.json().success).toBe(true);
    expect(await add({ level: 'low' })).toMatchObject({ success: false, message: '等级的值不在字典中' });
    expect(await add({ level: 'high' })).toMatchObject({ success: true });
  });

  it('finds text by contains unless the column asks for exact; wildcards, dictionaries and numbers stay as they were', async () => {
    for (const [name, code, qty] of [
      ['测试职务', 'CS01', 5],
      ['职务测试', 'CS02', 6],
      ['其他', 'QT01', 7],
    ] as const) {
      expect(await add({ name, code, qty })).toMatchObject({ success: true });
    }
    const names = async (query: string) =>
      (await list(`/test/rule/list?${query}&column=code&order=asc`)).result.records.map((r: { name: string }) => r.name);
    expect(await names(`name=${encodeURIComponent('测试')}`)).toEqual(['测试职务', '职务测试']);
    expect(await names(`name=${encodeURIComponent('测试*')}`)).toEqual(['测试职务']);
    expect(await names(`name=${encodeURIComponent('*测试')}`)).toEqual(['职务测试']);
    expect(await names(`name=${encodeURIComponent('= 测试')}`)).toEqual([]);
    expect(await names('code=CS0')).toEqual([]);
    expect(await names('code=CS01')).toEqual(['测试职务']);
    expect(await names('code=CS*')).toEqual(['测试职务', '职务测试']);
    expect(await names('qty=6')).toEqual(['职务测试']);
    expect(await names('level=hig')).toEqual([]);
  });

  it('finds a position by part of its name (职务名称 "测试" finds 测试职务)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      payload: { code: 'cs_post', name: '测试职务', postRank: '1' },
      token: admin,
    });
    expect(res.json().success).toBe(true);
    const page = await list(`/sys/position/list?name=${encodeURIComponent('测试')}`);
    expect(page.result.records.map((r: { name: string }) => r.name)).toEqual(['测试职务']);
    expect((await list('/sys/position/list?postRank=1')).result.records.map((r: { code: string }) => r.code)).toContain('cs_post');
  });
});
