import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runValidateSchemas, SCHEMAS_DIR } from '../../../tools/validate-schemas';

/** A folder laid out like schemas/ (with a copy of the meta-schemas) holding the files a test writes. */
let base: string;
let schemas: string;

function write(file: string, json: unknown): void {
  const full = path.join(schemas, file);
  mkdirSync(path.dirname(full), { recursive: true });
  const meta = path.relative(path.dirname(full), path.join(schemas, '_meta'));
  writeFileSync(
    full,
    JSON.stringify({ $schema: `${meta}/${file.startsWith('entities/') ? 'entity' : 'page'}.schema.json`, ...(json as object) }),
  );
}

const ITEM_ENTITY = {
  table: 'test_item',
  label: '测试物品',
  apiBase: '/test/item',
  permissionPrefix: 'test:item',
  columns: [
    { name: 'name', type: 'string', length: 50, label: '名称' },
    { name: 'rank', type: 'string', length: 2, dictCode: 'position_rank', label: '级别' },
  ],
};

/** The command's error lines for the folder, without the summary line. */
function problems(): string[] {
  const result = runValidateSchemas(schemas);
  expect(result.exitCode).toBe(1);
  return result.stderr.trim().split('\n').slice(0, -1);
}

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'validate-schemas-'));
  schemas = path.join(base, 'schemas');
  cpSync(path.join(SCHEMAS_DIR, '_meta'), path.join(schemas, '_meta'), { recursive: true });
  write('entities/test_item.json', ITEM_ENTITY);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('npm run validate-schemas: what a schema names', () => {
  it("passes a folder whose pages name registered components, existing dictionaries and their entity's fields", () => {
    write('demo/ItemList.json', {
      kind: 'list',
      title: '物品',
      entity: 'test_item',
      url: { list: '/test/item/list', add: '/test/item/add' },
      columns: [
        { dataIndex: 'name' },
        { dataIndex: 'rank_dictText', title: '级别' },
        { dataIndex: 'createTime' },
        { dataIndex: 'shelf', title: '货架', component: 'AdminFixedText', props: { text: 'A' } },
      ],
      query: {
        type: 'object',
        properties: { name: { 'x-component': 'JInput' }, rank: { 'x-component': 'Select', 'x-component-props': { dictCode: 'sex' } } },
      },
    });
    write('demo/Agents.json', { kind: 'view', title: '部门', view: 'DepartManager' });
    const result = runValidateSchemas(schemas);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('fails an unregistered x-component, column component and view, naming the file and the pointer', () => {
    write('demo/Widgets.json', {
      kind: 'list',
      title: '组件',
      url: { list: '/demo/list' },
      query: { type: 'object', properties: { name: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'FancyInput' } } },
      columns: [
        { dataIndex: 'name', title: '名称' },
        { dataIndex: 'state', title: '状态', component: 'StateBadge' },
      ],
    });
    write('demo/Panel.json', { kind: 'view', title: '面板', view: 'NoSuchPanel' });
    expect(problems()).toEqual([
      'schemas/demo/Panel.json /view: view "NoSuchPanel" is not registered',
      'schemas/demo/Widgets.json /query/properties/name/x-component: component "FancyInput" is not registered',
      'schemas/demo/Widgets.json /columns/1/component: component "StateBadge" is not a registered field type',
    ]);
  });

  it('fails a dictCode that is neither a dictionary file nor a registered table dictionary, in a page or an entity', () => {
    write('entities/test_item.json', {
      ...ITEM_ENTITY,
      columns: [...ITEM_ENTITY.columns, { name: 'kind', type: 'string', dictCode: 'item_kind', label: '类型' }],
    });
    write('demo/Form.json', {
      kind: 'form',
      title: '表单',
      schema: {
        type: 'object',
        properties: {
          level: { type: 'string', 'x-component': 'Select', 'x-component-props': { dictCode: 'no_such_dict' } },
          owner: { type: 'string', 'x-component': 'JSearchSelectTag', 'x-component-props': { dictCode: 'sys_user,password,username' } },
          depart: { type: 'string', 'x-component': 'JSearchSelectTag', 'x-component-props': { dictCode: 'sys_depart,depart_name,id' } },
        },
      },
    });
    expect(problems()).toEqual([
      'schemas/demo/Form.json /schema/properties/level/x-component-props/dictCode: dictionary "no_such_dict" does not exist (no dictionary file schemas/dicts/no_such_dict.json, no registered table dictionary)',
      'schemas/demo/Form.json /schema/properties/owner/x-component-props/dictCode: dictionary "sys_user,password,username" does not exist (no dictionary file schemas/dicts/sys_user,password,username.json, no registered table dictionary)',
      'schemas/entities/test_item.json /columns/2/dictCode: dictionary "item_kind" does not exist (no dictionary file schemas/dicts/item_kind.json, no registered table dictionary)',
    ]);
  });

  it("fails a page field that is not a column of its entity, and urls outside the entity's apiBase", () => {
    write('demo/ItemList.json', {
      kind: 'list',
      title: '物品',
      entity: 'test_item',
      url: { list: '/test/items/list', childList: '/other/children' },
      columns: [{ dataIndex: 'name' }, { dataIndex: 'price' }],
      query: { properties: { colour: {} } },
      form: { schema: { properties: { box: { type: 'void', properties: { weight: {} } }, name: {} } } },
      superQuery: { fields: [{ value: 'size' }] },
    });
    expect(problems()).toEqual([
      'schemas/demo/ItemList.json /columns/1/dataIndex: field "price" is not a column of entity test_item (schemas/entities/test_item.json)',
      'schemas/demo/ItemList.json /query/properties/colour: field "colour" is not a column of entity test_item (schemas/entities/test_item.json)',
      'schemas/demo/ItemList.json /form/schema/properties/box/properties/weight: field "weight" is not a column of entity test_item (schemas/entities/test_item.json)',
      'schemas/demo/ItemList.json /superQuery/fields/0/value: field "size" is not a column of entity test_item (schemas/entities/test_item.json)',
      'schemas/demo/ItemList.json /url/list: "/test/items/list" must be /test/item/list (apiBase of entity test_item, schemas/entities/test_item.json)',
      'schemas/demo/ItemList.json /url/childList: "/other/children" must be under /test/item/ (apiBase of entity test_item, schemas/entities/test_item.json)',
    ]);
  });

  it('the command itself prints the lines and exits 1', () => {
    write('demo/ItemList.json', { kind: 'list', title: '物品', entity: 'test_item', columns: [{ dataIndex: 'price' }] });
    const root = path.resolve(SCHEMAS_DIR, '..');
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'tools/validate-schemas.ts'), schemas], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'schemas/demo/ItemList.json /columns/0/dataIndex: field "price" is not a column of entity test_item (schemas/entities/test_item.json)\n',
    );
  });

  it('fails an entity the server would refuse at start, naming the property', () => {
    write('entities/test_item.json', {
      ...ITEM_ENTITY,
      columns: [
        { name: 'name', type: 'string', label: '名称', maxLen: 5 },
        { name: 'qty', type: 'string', label: '数量', min: 1 },
      ],
    });
    expect(problems()).toEqual(['schemas/entities/test_item.json /columns/0: unknown property "maxLen"']);
    write('entities/test_item.json', { ...ITEM_ENTITY, columns: [{ name: 'qty', type: 'string', label: '数量', min: 1 }] });
    expect(problems()).toEqual(['schemas/entities/test_item.json /columns/0/min: 列 qty 的 min 只能用于数值列']);
  });
});

describe('names the browser checks before rendering a page', () => {
  it('ignores values an action sends and props handed to a component', async () => {
    const { referenceIssues } = await import('@renderer/schema/references');
    const known = { formComponents: new Set(['Input', 'FormItem']), fieldTypes: new Set(['Input']), views: new Set(['Authorize']) };
    const page = {
      kind: 'list',
      columns: [{ dataIndex: 'a', component: 'Input', props: { component: 'AnythingGoes', view: 'x' } }],
      toolbar: { actions: [{ text: 't', request: { url: '/x', body: { component: 'layouts/RouteView' }, params: { view: 'raw' } } }] },
      rowActions: { actions: [{ text: 'r', dialog: { view: 'Authorise' } }] },
    };
    expect(referenceIssues(page, known)).toEqual([
      { pointer: '/rowActions/actions/0/dialog/view', message: 'view "Authorise" is not registered' },
    ]);
  });
});
