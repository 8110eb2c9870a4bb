/**
 * The guide's example screen (docs/add-a-screen.md) kept outside schemas/: its entity, page, menu and
 * dictionary files are applied at start with no clicks in the admin screens, once, and never over
 * what an administrator changed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySeedData, loadSeedData } from '../../server/db/seed/index';
import { backends, startTestApp, type TestApp } from './support/app';
import { writeGuideExample, type ExampleDirs } from './support/guide';

const MENU = 'm_xypj_expert_training';
const CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'].map((a) => `xypj:expertTraining:${a}`);

describe.each(backends())('menu and dictionary files on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let firstApply: string[];
  let example: ExampleDirs;
  beforeAll(async () => {
    example = writeGuideExample();
    // The entity engine and the page endpoint read these when the app starts; menus and dictionaries are applied here.
    process.env.ENTITY_DIRS = example.entityDir;
    process.env.PAGE_SCHEMA_DIRS = example.pageDir;
    t = await startTestApp(backend);
    firstApply = await applySeedData(t.db, loadSeedData(example.env));
    admin = await t.login('admin');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(example.root, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url: `/api${url}`, payload, token });
  const buttons = () =>
    t.db
      .selectFrom('sys_permission')
      .select(['id', 'name', 'perms'])
      .where('parent_id', '=', MENU)
      .where('menu_type', '=', 2)
      .orderBy('sort_no')
      .execute();

  it('adds the menu, one button per code of the page, and the dictionary with its items', async () => {
    expect(firstApply).toEqual(expect.arrayContaining([`menu:${MENU}`, 'dict:xypj_training_type']));
    expect(firstApply.filter((k) => k.startsWith('menu:'))).toHaveLength(1 + CODES.length);
    const menu = await t.db
      .selectFrom('sys_permission')
      .select(['name', 'url', 'component', 'menu_type', 'icon'])
      .where('id', '=', MENU)
      .executeTakeFirstOrThrow();
    expect(menu).toEqual({
      name: '专家培训记录',
      url: '/xypj/expertTraining',
      component: 'xypj/ExpertTrainingList',
      menu_type: 0,
      icon: 'book',
    });
    expect((await buttons()).map((b) => [b.name, b.perms])).toEqual([
      ['专家培训记录查询', CODES[0]],
      ['专家培训记录添加', CODES[1]],
      ['专家培训记录编辑', CODES[2]],
      ['专家培训记录删除', CODES[3]],
      ['专家培训记录批量删除', CODES[4]],
      ['专家培训记录导出', CODES[5]],
      ['专家培训记录导入', CODES[6]],
    ]);
    const items = (await call('GET', '/sys/dict/getDictItems/xypj_training_type')).json().result;
    expect(items.map((i: { value: string; text: string }) => [i.value, i.text])).toEqual([
      ['1', '岗前培训'],
      ['2', '继续教育'],
      ['3', '专题研修'],
    ]);
  });

  it('grants them to admin and to the roles the menu names, so the staff user sees the menu and its buttons', async () => {
    const staff = await t.login('staff');
    const result = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, staff)).json().result;
    expect(JSON.stringify(result.menu)).toContain('/xypj/expertTraining');
    expect(result.auth.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(CODES));
    const expert = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, await t.login('expert'))).json().result;
    expect(JSON.stringify(expert.menu)).not.toContain('/xypj/expertTraining');
  });

  it('serves the page completed from its entity, and the screen works: add a record, query it', async () => {
    const page = (await call('GET', '/sys/schema/page?component=xypj/ExpertTrainingList')).json().result;
    expect(page.url.list).toBe('/xypj/expertTraining/list');
    expect(page.toolbar.add).toEqual({ auth: CODES[1] });
    expect(page.columns.map((c: { title: string }) => c.title)).toEqual([
      '专家姓名',
      '培训课程',
      '培训类型',
      '培训日期',
      '学时',
      '结业证书编号',
    ]);
    expect(Object.keys(page.query.properties)).toEqual(['expertName', 'trainingType', 'trainingDate']);
    expect(page.query.properties.expertName['x-component']).toBe('SearchInput');

    const added = await call('POST', '/xypj/expertTraining/add', {
      expertName: '张工',
      courseName: '监理规范',
      trainingType: '2',
      trainingDate: '2024-05-06',
      hours: 8,
    });
    expect(added.json()).toMatchObject({ success: true });
    const found = (await call('GET', `/xypj/expertTraining/list?expertName=${encodeURIComponent('*张*')}`)).json().result.records;
    expect(found.map((r: { expertName: string; trainingType_dictText: string }) => [r.expertName, r.trainingType_dictText])).toEqual([
      ['张工', '继续教育'],
    ]);
  });

  it('a second start adds nothing', async () => {
    expect(await applySeedData(t.db, loadSeedData(example.env))).toEqual([]);
  });

  it("keeps an administrator's edits and deletions, and adds what is new to the files", async () => {
    const edited = await call('PUT', '/sys/permission/edit', {
      id: MENU,
      name: '培训台账',
      url: '/xypj/expertTraining',
      component: 'xypj/ExpertTrainingList',
      menuType: 0,
      sortNo: 50,
      route: true,
    });
    expect(edited.json(), edited.body).toMatchObject({ success: true });
    const exportButton = (await buttons()).find((b) => b.perms === CODES[5])!;
    expect((await call('DELETE', `/sys/permission/delete?id=${exportButton.id}`)).json()).toMatchObject({ success: true });
    const dict = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'xypj_training_type').executeTakeFirstOrThrow();
    await t.db
      .updateTable('sys_dict_item')
      .set({ item_text: '继续教育（线上）' })
      .where('dict_id', '=', dict.id)
      .where('item_value', '=', '2')
      .execute();

    const dictFile = path.join(example.dictDir, 'xypj_training_type.json');
    const json = JSON.parse(readFileSync(dictFile, 'utf8'));
    json.items.push({ value: '4', text: '学术交流' });
    json.items[1].text = '继续教育（文件中改名）';
    writeFileSync(dictFile, JSON.stringify(json));

    expect(await applySeedData(t.db, loadSeedData(example.env))).toEqual(['dict:xypj_training_type:4']);
    expect((await t.db.selectFrom('sys_permission').select('name').where('id', '=', MENU).executeTakeFirstOrThrow()).name).toBe('培训台账');
    expect((await buttons()).map((b) => b.perms)).not.toContain(CODES[5]);
    const items = await t.db
      .selectFrom('sys_dict_item')
      .select(['item_value', 'item_text'])
      .where('dict_id', '=', dict.id)
      .orderBy('sort_order')
      .execute();
    expect(items.map((i) => [i.item_value, i.item_text])).toEqual([
      ['1', '岗前培训'],
      ['2', '继续教育（线上）'],
      ['3', '专题研修'],
      ['4', '学术交流'],
    ]);
    expect(await applySeedData(t.db, loadSeedData(example.env))).toEqual([]);
  });
});
