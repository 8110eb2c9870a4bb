import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { defineEntity, loadEntityDefinitions } from '../../server/modules/entity/definitions';
import { syncEntityTables } from '../../server/modules/entity/schema-sync';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('position lookup by code on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    const added = await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      token: admin,
      payload: { code: 'pos_dev', name: '开发', postRank: '2', companyId: 'c1' },
    });
    expect(added.json().success).toBe(true);
  });
  afterAll(() => t?.close());

  it('answers the position with that code (code 0, as the old handler)', async () => {
    const res = (await get('/sys/position/queryByCode?code=pos_dev', admin)).json();
    expect(res).toMatchObject({ success: true, code: 0, result: { code: 'pos_dev', name: '开发', postRank: '2', companyId: 'c1' } });
    expect(typeof res.result.id).toBe('string');
  });

  it('refuses an unknown or missing code with a plain message; the value is bound, never spliced', async () => {
    expect((await get('/sys/position/queryByCode?code=nobody', admin)).json()).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get(`/sys/position/queryByCode?code=${encodeURIComponent("pos_dev' or '1'='1")}`, admin)).json()).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    expect((await get('/sys/position/queryByCode', admin)).json()).toMatchObject({ success: false, message: '职务编码不能为空' });
  });

  it('needs system:position:list (403 otherwise, 401 anonymous)', async () => {
    expect((await get('/sys/position/queryByCode?code=pos_dev', await t.login('expert'))).statusCode).toBe(403);
    expect((await get('/sys/position/queryByCode?code=pos_dev')).statusCode).toBe(401);
  });
});

describe.each(backends())('position grade postRank on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('adds a position sent as {code, name, postRank} and lists postRank with its dictionary text', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      token: admin,
      payload: { code: 'pm', name: '项目经理', postRank: '3' },
    });
    expect(added.json()).toMatchObject({ success: true, message: '添加成功！' });
    const list = (await t.request({ method: 'GET', url: '/api/sys/position/list?code=pm', token: admin })).json();
    expect(list.result.records[0]).toMatchObject({ code: 'pm', name: '项目经理', postRank: '3', postRank_dictText: '中级' });
    expect(list.result.records[0]).not.toHaveProperty('rank');
  });

  it('still names the grade 职级 when it is missing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      token: admin,
      payload: { code: 'norank', name: '无职级' },
    });
    expect(res.json()).toMatchObject({ success: false, message: '职级不能为空' });
  });
});

/** sys_position as the entity engine made it when the grade was the property `rank` (column rank), with one row. */
async function stageOldPositionTable(db: Db): Promise<void> {
  const current = loadEntityDefinitions().find((d) => d.table === 'sys_position')!;
  const json = structuredClone(current.json);
  json.columns = json.columns.map((c) => (c.name === 'postRank' ? { ...c, name: 'rank' } : c));
  await syncEntityTables(db, [defineEntity('sys_position.json', json)]);
  await sql`insert into sys_position (id, code, name, rank, create_by, create_time) values ('old1', 'old_pm', '老职务', '4', 'admin', now())`.execute(
    db,
  );
  // the database predates the rename: its migration has not run yet
  await sql`delete from sys_migration where name = '035_position_post_rank'`.execute(db);
  expect((await migrateToLatest(db)).applied).toEqual(['035_position_post_rank']);
}

describe.each(backends())('an existing position table upgraded to postRank on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {}, stageOldPositionTable);
  });
  afterAll(() => t?.close());

  it('keeps the grade of positions saved before the upgrade', async () => {
    const admin = await t.login('admin');
    const list = (await t.request({ method: 'GET', url: '/api/sys/position/list?code=old_pm', token: admin })).json();
    expect(list.result.records).toHaveLength(1);
    expect(list.result.records[0]).toMatchObject({ code: 'old_pm', name: '老职务', postRank: '4', postRank_dictText: '副高级' });
  });
});
