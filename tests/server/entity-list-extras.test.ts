import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../server/modules/entity/definitions';
import { ExportLinkSigner } from '../../server/modules/entity/export-links';
import { backends, startTestApp, type TestApp } from './support/app';
import { sheetRows } from './support/forms';

/** A fixture entity (read through ENTITY_DIRS) whose columns use registered table dictionaries. */
const fixtureDir = mkdtempSync(path.join(tmpdir(), 'entity-extras-'));
writeFileSync(
  path.join(fixtureDir, 'test_tool.json'),
  JSON.stringify({
    $schema: path.relative(fixtureDir, path.resolve('schemas/_meta/entity.schema.json')),
    table: 'test_tool',
    label: '测试工具',
    apiBase: '/test/tool',
    permissionPrefix: 'test:tool',
    columns: [
      { name: 'name', type: 'string', length: 50, required: true, label: '名称' },
      { name: 'ownerRole', type: 'string', length: 100, dictCode: 'sys_role,role_name,role_code', label: '负责角色' },
      { name: 'roles', type: 'string', length: 500, dictCode: 'sys_role,role_name,role_code', label: '可用角色' },
    ],
    exportTitle: '测试工具',
  }),
);
process.env.ENTITY_DIRS = fixtureDir;

afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe('entity files naming table dictionaries', () => {
  const withDict = (dictCode: string) => ({
    $schema: '../_meta/entity.schema.json',
    table: 'test_secret',
    label: '测试',
    apiBase: '/test/secret',
    permissionPrefix: 'test:secret',
    columns: [{ name: 'owner', type: 'string', label: '负责人', dictCode }],
  });

  it('accepts a registered one in any spacing and refuses others, naming the file and column', () => {
    expect(defineEntity('a.json', withDict('sys_role, role_name, role_code')).fields.find((f) => f.property === 'owner')?.dictCode).toBe(
      'sys_role, role_name, role_code',
    );
    expect(() => defineEntity('b.json', withDict('sys_user,password,username'))).toThrow(
      '实体定义 b.json：/columns/0/dictCode 列 owner 的表字典 sys_user,password,username 未注册（只能使用服务器登记的表字典）',
    );
    expect(() => defineEntity('c.json', withDict('bad code;'))).toThrow('列 owner 的字典编码格式不正确');
  });
});

describe.each(backends())('entity list extras on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    // the fixture's button codes, added as 菜单管理 adds them
    for (const action of ['list', 'add', 'exportXls']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/sys/permission/add',
        payload: { name: `工具${action}`, menuType: 2, perms: `test:tool:${action}`, permsType: '1', status: '1', parentId: 'm_system' },
        token: admin,
      });
      expect(res.json().success, res.body).toBe(true);
    }
    for (const [code, name, postRank] of [
      ['c1', '一级职务', '1'],
      ['c3', '三级职务', '3'],
      ['c3b', '另一三级', '3'],
    ]) {
      await t.request({ method: 'POST', url: '/api/sys/position/add', payload: { code, name, postRank }, token: admin });
    }
  });
  afterAll(() => t?.close());

  const get = (url: string, token = admin) => t.request({ method: 'GET', url, token });
  /** a navigation: no X-Access-Token header */
  const navigate = (url: string) => t.request({ method: 'GET', url });
  const listQuery = async (query: string) => (await get(`/api/sys/position/list?${query}`)).json();
  const condition = (value: unknown) => `condition=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

  describe('tree-table condition', () => {
    it('filters by field = value equalities from a JSON object, with the other list parameters', async () => {
      const page = await listQuery(`${condition({ postRank: '3' })}&column=code&order=asc`);
      expect(page.result.records.map((r: { code: string }) => r.code)).toEqual(['c3', 'c3b']);
      const both = await listQuery(`${condition({ postRank: 3, code: 'c3b' })}&name=${encodeURIComponent('另一*')}`);
      expect(both.result.records.map((r: { code: string }) => r.code)).toEqual(['c3b']);
    });

    it('refuses anything but an object of the entity’s own fields with scalar values', async () => {
      const cases: Array<[unknown, string]> = [
        ['not json', 'condition参数格式不正确，需要一个字段到值的JSON对象'],
        [['postRank'], 'condition参数格式不正确，需要一个字段到值的JSON对象'],
        [{ password: '1' }, 'condition中的字段不存在：password'],
        [{ 'postRank = 1 or 1': '1' }, 'condition中的字段不存在：postRank = 1 or 1'],
        [{ postRank: { $ne: '1' } }, 'condition中字段postRank的值必须是文本、数字或布尔值'],
      ];
      for (const [value, message] of cases) {
        const res = await listQuery(condition(value));
        expect(res, JSON.stringify(value)).toMatchObject({ success: false, message });
      }
      const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, '1']));
      expect((await listQuery(condition(many))).message).toBe('condition最多10个字段');
    });
  });

  describe('export parameters in paramsStr and download by navigation', () => {
    const paramsStr = JSON.stringify({ postRank: '3', column: 'code', order: 'asc' });

    it('takes the list parameters from paramsStr', async () => {
      const res = await get(`/api/sys/position/exportXls?paramsStr=${encodeURIComponent(paramsStr)}`);
      expect(res.statusCode).toBe(200);
      expect((await sheetRows(res.rawPayload)).slice(3).map((r) => r[0])).toEqual(['c3', 'c3b']);
      const bad = await get(`/api/sys/position/exportXls?paramsStr=${encodeURIComponent('[1]')}`);
      expect(bad.json()).toMatchObject({ success: false, message: 'paramsStr参数格式不正确，需要一个查询参数的JSON对象' });
    });

    it('signs a short-lived address that downloads without the token header, and only as asked', async () => {
      const link = await get(`/api/sys/position/exportXls/link?paramsStr=${encodeURIComponent(paramsStr)}`);
      const { url, expireTime } = link.json().result as { url: string; expireTime: number };
      expect(url).toMatch(/^\/api\/sys\/position\/exportXls\?paramsStr=.+&sid=.+&exp=\d{13}&sig=[\w-]{43}$/);
      expect(url).not.toContain(admin);
      expect(expireTime - Date.now()).toBeLessThanOrEqual(60_000);

      const res = await navigate(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('职务表.xlsx'));
      const rows = await sheetRows(res.rawPayload);
      expect(rows[1]).toEqual(['导出人:管理员']);
      expect(rows.slice(3).map((r) => r[0])).toEqual(['c3', 'c3b']);

      const widened = url.replace(/paramsStr=[^&]+/, `paramsStr=${encodeURIComponent(JSON.stringify({ column: 'code', order: 'asc' }))}`);
      const tampered = await navigate(widened);
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().message).toBe('下载链接已失效，请重新导出');
      expect((await navigate(url.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`))).statusCode).toBe(401);
      expect((await navigate(url.replace('/sys/position/', '/test/tool/'))).statusCode).toBe(401);
      expect((await navigate('/api/sys/position/exportXls')).statusCode).toBe(401);
    });

    it('refuses a link past its minute', async () => {
      const { url } = (await get('/api/sys/position/exportXls/link')).json().result as { url: string };
      const sid = new URL(url, 'http://x').searchParams.get('sid')!;
      const signer = await ExportLinkSigner.create({ db: t.db, config: t.config });
      const old = signer.sign('/sys/position/exportXls', '', sid, Date.now() - 61_000);
      const expired = await navigate(`/api/sys/position/exportXls?paramsStr=&sid=${sid}&exp=${old.exp}&sig=${old.sig}`);
      expect(expired.statusCode).toBe(401);
      const fresh = signer.sign('/sys/position/exportXls', '', sid);
      expect((await navigate(`/api/sys/position/exportXls?paramsStr=&sid=${sid}&exp=${fresh.exp}&sig=${fresh.sig}`)).statusCode).toBe(200);
    });

    it('stops working when the session that asked for it signs out; users without the export permission get none', async () => {
      const token = await t.login('admin');
      const { url } = (await get('/api/sys/position/exportXls/link', token)).json().result as { url: string };
      expect((await navigate(url)).statusCode).toBe(200);
      await t.request({ method: 'POST', url: '/api/sys/logout', token });
      expect((await navigate(url)).statusCode).toBe(401);

      const staff = await t.login('staff');
      const refused = await get('/api/sys/position/exportXls/link', staff);
      expect(refused.statusCode).toBe(403);
      expect((await get('/api/sys/position/exportXls', staff)).statusCode).toBe(403);
    });
  });

  describe('table dictionaries on entity columns', () => {
    it('saves values the registered table dictionary knows (by value or text) and refuses others', async () => {
      const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/test/tool/add', payload, token: admin });
      expect((await add({ name: '扳手', ownerRole: 'admin', roles: 'admin,xypj_staff' })).json().success).toBe(true);
      expect((await add({ name: '卡尺', ownerRole: '评审专家' })).json().success).toBe(true);
      expect((await add({ name: '锤子', ownerRole: 'nobody' })).json()).toMatchObject({
        success: false,
        message: '负责角色的值不在字典中',
      });
    });

    it('lists and exports <field>_dictText from the table dictionary', async () => {
      const page = (await get('/api/test/tool/list?column=name&order=asc')).json();
      expect(page.result.records).toEqual([
        expect.objectContaining({ name: '卡尺', ownerRole: 'xypj_expert', ownerRole_dictText: '评审专家' }),
        expect.objectContaining({
          name: '扳手',
          ownerRole: 'admin',
          ownerRole_dictText: '管理员',
          roles: 'admin,xypj_staff',
          roles_dictText: '管理员,协会工作人员',
        }),
      ]);
      const res = await get('/api/test/tool/exportXls?column=name&order=asc');
      expect((await sheetRows(res.rawPayload)).slice(2)).toEqual([
        ['名称', '负责角色', '可用角色'],
        ['卡尺', '评审专家'],
        ['扳手', '管理员', '管理员,协会工作人员'],
      ]);
    });
  });
});
