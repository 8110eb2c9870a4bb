/** Pages derived from their entity (contract/pages/derive.ts) and the menu buttons they imply. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EntitySchema as EntityJson } from '@contract/schema-types.gen';
import { pageButtons } from '@contract/pages/buttons';
import { derivePage, type Json } from '@contract/pages/derive';
import { loadMenuSeed } from '../../server/db/seed/menus';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const position = read('schemas/entities/sys_position.json') as unknown as EntityJson;
const rank = position.columns.find((c) => c.dictCode === 'position_rank')!.name;

const entity: EntityJson = {
  $schema: '../_meta/entity.schema.json',
  table: 'test_book',
  label: '图书',
  apiBase: '/test/book',
  permissionPrefix: 'test:book',
  columns: [
    { name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' },
    { name: 'title', type: 'string', length: 80, required: true, unique: true, label: '书名' },
    { name: 'genre', type: 'string', length: 10, dictCode: 'book_genre', label: '类别' },
    { name: 'pages', type: 'int', label: '页数' },
    { name: 'price', type: 'decimal', precision: 8, scale: 2, label: '价格' },
    { name: 'onShelf', type: 'boolean', default: true, label: '在架' },
    { name: 'published', type: 'date', required: true, label: '出版日期' },
    { name: 'summary', type: 'text', label: '简介' },
  ],
};
const bare: Json = { $schema: '../_meta/page.schema.json', kind: 'list', title: '图书管理', entity: 'test_book' };
type Props = Record<string, Json>;
const props = (schema: unknown) => (schema as { properties: Props }).properties;

describe('a page naming its entity and nothing else', () => {
  const page = derivePage(bare, entity);

  it('calls the entity endpoints with its permission codes on every standard button', () => {
    expect(page.url).toEqual({
      list: '/test/book/list',
      add: '/test/book/add',
      edit: '/test/book/edit',
      delete: '/test/book/delete',
      deleteBatch: '/test/book/deleteBatch',
      queryById: '/test/book/queryById',
      exportXls: '/test/book/exportXls',
      importExcel: '/test/book/importExcel',
    });
    expect(page.authPrefix).toBe('test:book');
    expect(page.toolbar).toEqual({
      add: { auth: 'test:book:add' },
      import: { auth: 'test:book:importExcel' },
      export: { auth: 'test:book:exportXls' },
      batchDelete: { auth: 'test:book:deleteBatch' },
      superQuery: true,
    });
    expect(page.rowActions).toEqual({ edit: { auth: 'test:book:edit' }, detail: true, delete: { auth: 'test:book:delete' } });
    expect(page.defaultSort).toEqual({ column: 'createTime', order: 'desc' });
    expect(page.exportFileName).toBe('图书');
  });

  it('lists every column with its title and dictionary or date cell', () => {
    expect(page.columns).toEqual([
      { dataIndex: 'title', title: '书名' },
      { dataIndex: 'genre', title: '类别', component: 'Select', props: { dictCode: 'book_genre' } },
      { dataIndex: 'pages', title: '页数' },
      { dataIndex: 'price', title: '价格' },
      {
        dataIndex: 'onShelf',
        title: '在架',
        component: 'Radio',
        props: {
          options: [
            { value: 'true', label: '是' },
            { value: 'false', label: '否' },
          ],
        },
      },
      { dataIndex: 'published', title: '出版日期', component: 'DatePicker' },
      { dataIndex: 'summary', title: '简介' },
    ]);
  });

  it("edits every column with the entity's rules: required, length, uniqueness, dictionary, number scale, default", () => {
    const form = page.form as Json;
    expect({ ...form, schema: undefined }).toEqual({
      container: 'modal',
      width: 800,
      grid: { maxColumns: 1, labelCol: 5, wrapperCol: 16 },
      schema: undefined,
    });
    const fields = props(form.schema);
    expect(Object.keys(fields)).toEqual(['title', 'genre', 'pages', 'price', 'onShelf', 'published', 'summary']);
    expect(fields.title).toEqual({
      type: 'string',
      title: '书名',
      required: true,
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-component-props': { placeholder: '请输入书名' },
      'x-validator': [
        { maxLength: 80, message: '书名长度不能超过80个字符' },
        { duplicateCheck: { tableName: 'test_book', fieldName: 'title' } },
      ],
    });
    expect(fields.genre).toMatchObject({
      'x-component': 'Select',
      'x-component-props': { dictCode: 'book_genre', placeholder: '请选择类别' },
    });
    expect(fields.genre['x-validator']).toBeUndefined();
    expect(fields.price).toMatchObject({ type: 'number', 'x-component': 'NumberPicker', 'x-component-props': { precision: 2 } });
    expect(fields.onShelf).toMatchObject({ 'x-component': 'Radio', default: 'true' });
    expect(fields.published).toMatchObject({ 'x-component': 'DatePicker', required: true });
    expect(fields.summary).toMatchObject({ 'x-component': 'TextArea' });
  });

  it('queries by the required columns and offers every column and 创建时间 to the advanced query', () => {
    expect(Object.keys(props(page.query))).toEqual(['title', 'published']);
    expect(props(page.query).title).toEqual({
      type: 'string',
      title: '书名',
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-component-props': { placeholder: '请输入书名' },
    });
    expect((page.superQuery as { fields: Json[] }).fields).toEqual([
      { value: 'title', text: '书名', type: 'string' },
      { value: 'genre', text: '类别', type: 'list', dictCode: 'book_genre' },
      { value: 'pages', text: '页数', type: 'int' },
      { value: 'price', text: '价格', type: 'number' },
      { value: 'onShelf', text: '在架', type: 'string' },
      { value: 'published', text: '出版日期', type: 'date' },
      { value: 'summary', text: '简介', type: 'string' },
      { value: 'createTime', text: '创建时间', type: 'datetime' },
    ]);
  });
});

describe('column rules beyond type, length and required', () => {
  it('become form rules with the sentences the server answers, and choices become drop-downs or a switch', () => {
    const ruled = {
      ...entity,
      columns: [
        {
          name: 'isbn',
          type: 'string',
          length: 20,
          maxLength: 13,
          pattern: '^[0-9]{13}$',
          patternMessage: 'ISBN须为13位数字',
          label: 'ISBN',
        },
        { name: 'stars', type: 'int', min: 1, max: 5, label: '星级' },
        { name: 'binding', type: 'string', length: 10, allowedValues: ['精装', '平装'], label: '装帧' },
        { name: 'lent', type: 'string', length: 1, yesNo: true, label: '借出' },
      ],
    } as unknown as EntityJson;
    const page = derivePage(bare, ruled);
    const fields = props((page.form as Json).schema);
    expect(fields.isbn['x-validator']).toEqual([
      { maxLength: 13, message: 'ISBN长度不能超过13个字符' },
      { pattern: '^[0-9]{13}$', message: 'ISBN须为13位数字' },
    ]);
    expect(fields.stars['x-validator']).toEqual([
      { min: 1, message: '星级不能小于1' },
      { max: 5, message: '星级不能大于5' },
    ]);
    expect(fields.binding).toMatchObject({
      'x-component': 'Select',
      'x-component-props': {
        options: [
          { value: '精装', label: '精装' },
          { value: '平装', label: '平装' },
        ],
      },
    });
    expect(fields.binding['x-validator']).toBeUndefined();
    expect(fields.lent['x-component']).toBe('Switch');
    expect((page.columns as Json[]).find((c) => c.dataIndex === 'lent')).toEqual({ dataIndex: 'lent', title: '借出', component: 'Switch' });
  });
});

describe('check-character columns', () => {
  it('get the form validator of the same name, so the form refuses what the server refuses', () => {
    const checked = {
      ...entity,
      columns: [
        { name: 'creditCode', type: 'string', length: 18, check: 'creditCode', label: '统一社会信用代码' },
        { name: 'idCard', type: 'string', length: 18, check: 'idCard', label: '身份证号' },
      ],
    } as unknown as EntityJson;
    const fields = props((derivePage(bare, checked).form as Json).schema);
    expect(fields.creditCode['x-validator']).toEqual([
      { maxLength: 18, message: '统一社会信用代码长度不能超过18个字符' },
      { creditCode: true },
    ]);
    expect(fields.idCard['x-validator']).toEqual([{ maxLength: 18, message: '身份证号长度不能超过18个字符' }, { idCard: true }]);
  });
});

describe('what a page writes wins', () => {
  it('picks and orders columns, query and form fields, completing each from its column', () => {
    const page = derivePage(
      {
        ...bare,
        columns: [
          { dataIndex: 'published', sorter: true },
          { dataIndex: 'title', title: '名称' },
          { dataIndex: 'score', title: '评分' },
        ],
        query: { properties: { genre: {}, title: { 'x-component': 'SearchInput', 'x-component-props': { rule: 'like' } } } },
        form: { width: 600, schema: { properties: { summary: { 'x-component-props': { rows: 4 } }, title: {} } } },
        superQuery: { fields: [{ value: 'genre' }] },
      },
      entity,
    );
    expect(page.columns).toEqual([
      { dataIndex: 'published', title: '出版日期', component: 'DatePicker', sorter: true },
      { dataIndex: 'title', title: '名称' },
      { dataIndex: 'score', title: '评分' },
    ]);
    expect(props(page.query).title).toMatchObject({
      'x-component': 'SearchInput',
      'x-component-props': { placeholder: '请输入书名', rule: 'like' },
    });
    expect(Object.keys(props(page.query))).toEqual(['genre', 'title']);
    expect((page.form as Json).width).toBe(600);
    expect(Object.keys(props((page.form as Json).schema))).toEqual(['summary', 'title']);
    expect(props((page.form as Json).schema).summary).toMatchObject({
      'x-component': 'TextArea',
      'x-component-props': { placeholder: '请输入简介', rows: 4 },
    });
    expect(page.superQuery).toEqual({ fields: [{ value: 'genre', text: '类别', type: 'list', dictCode: 'book_genre' }] });
  });

  it('shows only the standard buttons the written urls allow; written buttons keep their settings; every standard button the page shows gets the standard code', () => {
    const page = derivePage({ ...bare, url: { list: '/test/book/list', add: '/test/book/add', edit: '/test/book/edit' } }, entity);
    expect(page.toolbar).toEqual({ add: { auth: 'test:book:add' }, superQuery: true });
    expect(page.rowActions).toEqual({ edit: { auth: 'test:book:edit' }, detail: true });
    const written = derivePage({ ...bare, toolbar: { add: { text: '登记' }, export: false }, rowActions: { edit: true } }, entity);
    expect(written.toolbar).toEqual({
      add: { text: '登记', auth: 'test:book:add' },
      export: false,
      import: { auth: 'test:book:importExcel' },
      batchDelete: { auth: 'test:book:deleteBatch' },
    });
    expect(written.rowActions).toEqual({ edit: { auth: 'test:book:edit' }, delete: { auth: 'test:book:delete' } });
  });

  it('leaves the buttons to a page that states its own typed actions', () => {
    const page = derivePage({ ...bare, actions: [{ key: 'add', auth: 'test:book:add' }] }, entity);
    expect(page.toolbar).toBeUndefined();
    expect(page.rowActions).toBeUndefined();
  });
});

describe('the menu buttons a page implies', () => {
  it('are the list code and the codes of its actions, named after the entity', () => {
    expect(
      pageButtons(derivePage({ ...bare, url: { list: '/test/book/list', exportXls: '/test/book/exportXls' } }, entity), entity),
    ).toEqual([
      { perms: 'test:book:list', name: '图书查询' },
      { perms: 'test:book:exportXls', name: '图书导出' },
    ]);
    expect(pageButtons({ ...bare, columns: [{ dataIndex: 'price', auth: 'test:book:price' }] }, entity).map((b) => b.perms)).toEqual([
      'test:book:list',
      'test:book:add',
      'test:book:edit',
      'test:book:delete',
      'test:book:deleteBatch',
      'test:book:exportXls',
      'test:book:importExcel',
      'test:book:price',
    ]);
  });

  it('keep the ids 职务管理 was seeded with', () => {
    const rows = loadMenuSeed({}).filter((m) => m.parentId === 'm_system_position');
    expect(rows.map((r) => [r.id, r.name, r.perms, r.sortNo])).toEqual([
      ['b_position_list', '职务查询', 'system:position:list', 1],
      ['b_position_add', '职务添加', 'system:position:add', 2],
      ['b_position_edit', '职务编辑', 'system:position:edit', 3],
      ['b_position_delete', '职务删除', 'system:position:delete', 4],
      ['b_position_deletebatch', '职务批量删除', 'system:position:deleteBatch', 5],
      ['b_position_exportxls', '职务导出', 'system:position:exportXls', 6],
      ['b_position_importexcel', '职务导入', 'system:position:importExcel', 7],
    ]);
  });
});

describe('SysPositionList', () => {
  it('states only what differs from sys_position and derives the screen it had', () => {
    const file = read('schemas/system/SysPositionList.json');
    expect(readFileSync('schemas/system/SysPositionList.json', 'utf8').split('\n').length).toBeLessThan(20);
    const page = derivePage(file, position);
    expect(page.url).toMatchObject({ list: '/sys/position/list', importExcel: '/sys/position/importExcel' });
    expect((page.columns as Json[]).map((c) => c.title)).toEqual(['职务编码', '职务名称', '职级', '公司id']);
    expect(Object.keys(props(page.query))).toEqual(['code', 'name', rank]);
    expect(Object.keys(props((page.form as Json).schema))).toEqual(['code', 'name', rank]);
    expect(props((page.form as Json).schema).code['x-validator']).toContainEqual({
      duplicateCheck: { tableName: 'sys_position', fieldName: 'code' },
    });
    expect(page.exportFileName).toBe('职务表');
  });
});
