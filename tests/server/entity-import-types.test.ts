import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, workbook } from './support/forms';

/** A fixture entity with a column of every type, imported in bulk (checked rows written with unnested arrays). */
const fixtureDir = mkdtempSync(path.join(tmpdir(), 'entity-import-types-'));
writeFileSync(
  path.join(fixtureDir, 'test_import_type.json'),
  JSON.stringify({
    $schema: path.relative(fixtureDir, path.resolve('schemas/_meta/entity.schema.json')),
    table: 'test_import_type',
    label: '类型样例',
    apiBase: '/test/importType',
    permissionPrefix: 'test:importType',
    columns: [
      { name: 'name', type: 'string', length: 20, required: true, label: '名称' },
      { name: 'memo', type: 'text', label: '说明' },
      { name: 'qty', type: 'int', label: '数量' },
      { name: 'big', type: 'bigint', label: '大数' },
      { name: 'price', type: 'decimal', precision: 8, scale: 2, label: '单价' },
      { name: 'active', type: 'boolean', label: '启用' },
      { name: 'day', type: 'date', label: '日期' },
      { name: 'at', type: 'datetime', label: '时间' },
    ],
  }),
);
process.env.ENTITY_DIRS = fixtureDir;
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe.each(backends())('bulk import keeps every type on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('stores text, numbers, booleans, dates, office-clock times and empty cells as typed', async () => {
    const file = await workbook([
      ['名称', '说明', '数量', '大数', '单价', '启用', '日期', '时间'],
      ['甲', '多行\n说明', 7, '9007199254740991', '12.5', 'Y', '2026-03-04', '2026-03-04 09:30:15'],
      ['乙', '', '', '', '', '', '', ''],
      ['丙', '带\'引号"的,{说明}', -3, '-1', '0.01', 'false', '2026-12-31', '2026-12-31 23:59:59'],
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/test/importType/importExcel',
      token: admin,
      ...importUpload('types.xlsx', file),
    });
    expect(res.json()).toMatchObject({ success: true, message: '共3行数据全部导入成功！' });
    const rows = (
      await sql<Record<string, unknown>>`select name, memo, qty, big::text as big, price::text as price, active, day::text as day,
        to_char(at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at, create_by, create_time is not null as stamped, length(id) as id_length
        from test_import_type order by name`.execute(t.db)
    ).rows;
    expect(rows).toEqual([
      {
        name: '丙',
        memo: '带\'引号"的,{说明}',
        qty: -3,
        big: '-1',
        price: '0.01',
        active: false,
        day: '2026-12-31',
        at: '2026-12-31 23:59:59',
        create_by: 'admin',
        stamped: true,
        id_length: rows[0]!.id_length,
      },
      {
        name: '乙',
        memo: null,
        qty: null,
        big: null,
        price: null,
        active: null,
        day: null,
        at: null,
        create_by: 'admin',
        stamped: true,
        id_length: rows[1]!.id_length,
      },
      {
        name: '甲',
        memo: '多行\n说明',
        qty: 7,
        big: '9007199254740991',
        price: '12.50',
        active: true,
        day: '2026-03-04',
        at: '2026-03-04 09:30:15',
        create_by: 'admin',
        stamped: true,
        id_length: rows[2]!.id_length,
      },
    ]);
    expect(new Set(rows.map((r) => r.id_length)).size).toBe(1);
  });
});
