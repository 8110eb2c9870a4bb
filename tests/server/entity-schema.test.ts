import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, EntityDefinitionError, loadEntityDefinitions, type EntityJson } from '../../server/modules/entity/definitions';
import { EntityMigrationError, syncEntityTables } from '../../server/modules/entity/schema-sync';
import { backends, startTestApp, type TestApp } from './support/app';

const base = (columns: EntityJson['columns'], extra: Partial<EntityJson> = {}): EntityJson => ({
  $schema: '../_meta/entity.schema.json',
  table: 'es_thing',
  label: '物品',
  apiBase: '/test/thing',
  permissionPrefix: 'test:thing',
  columns,
  ...extra,
});

const ID = { name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' } as const;

describe('entity definitions', () => {
  it('reads every entity file of the repository', () => {
    const defs = loadEntityDefinitions();
    const position = defs.find((d) => d.table === 'sys_position');
    expect(position).toMatchObject({ apiBase: '/sys/position', permissionPrefix: 'system:position', exportTitle: '职务表' });
    expect(position!.fields.map((f) => f.column)).toEqual([
      'id',
      'code',
      'name',
      'post_rank',
      'company_id',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'sys_org_code',
    ]);
  });

  it('names the file and the JSON pointer of a meta-schema violation', () => {
    expect(() => defineEntity('bad.json', { ...base([ID]), columns: [{ name: 'Bad Name', type: 'string', label: 'x' }] })).toThrow(
      /实体定义 bad\.json：\/columns\/0\/name/,
    );
    expect(() => defineEntity('x.json', base([ID, { name: 'n', type: 'string', label: 'n' }], { table: 'sys_user' }))).toThrow(
      EntityDefinitionError,
    );
    expect(() => defineEntity('x.json', base([ID, { name: 'createBy', type: 'string', label: 'n' }]))).toThrow('由服务器自动维护');
    expect(() => defineEntity('x.json', base([ID], { indexes: [{ name: 'ix', columns: ['nope'] }] }))).toThrow('索引 ix 的列 nope 不存在');
  });
});

describe.each(backends())('entity table migration on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const columns = async () =>
    (
      await sql<{
        column_name: string;
        data_type: string;
        character_maximum_length: number | null;
      }>`select column_name, data_type, character_maximum_length
      from information_schema.columns where table_name = 'es_thing' order by ordinal_position`.execute(t.db)
    ).rows;

  it('creates the table, then adds and widens columns without losing rows', async () => {
    const v1 = defineEntity('v1.json', base([ID, { name: 'title', type: 'string', length: 20, unique: true, label: '标题' }]));
    expect(await syncEntityTables(t.db, [v1])).toEqual(['es_thing']);
    expect(await syncEntityTables(t.db, [v1])).toEqual([]);
    await sql`insert into es_thing (id, title) values ('1', 'keep me')`.execute(t.db);

    const v2 = defineEntity(
      'v2.json',
      base([
        ID,
        { name: 'title', type: 'text', unique: true, label: '标题' },
        { name: 'amount', type: 'decimal', precision: 12, scale: 2, label: '金额' },
        { name: 'dueDate', type: 'date', label: '到期日' },
      ]),
    );
    expect(await syncEntityTables(t.db, [v2])).toEqual(['es_thing']);
    const cols = await columns();
    expect(cols.find((c) => c.column_name === 'title')?.data_type).toBe('text');
    expect(cols.map((c) => c.column_name)).toEqual(expect.arrayContaining(['amount', 'due_date', 'sys_org_code']));
    expect((await sql<{ title: string }>`select title from es_thing`.execute(t.db)).rows).toEqual([{ title: 'keep me' }]);
    const recorded = await sql<{
      statements: string;
    }>`select statements from sys_entity_migration where table_name = 'es_thing' order by applied_time`.execute(t.db);
    expect(recorded.rows).toHaveLength(2);
    expect(recorded.rows[1]!.statements).toContain('add column "amount" numeric(12,2)');
  });

  it('stops with a message naming the entity and column on a destructive change, and keeps columns that left the file', async () => {
    const narrower = defineEntity('v3.json', base([ID, { name: 'title', type: 'string', length: 10, label: '标题' }]));
    await expect(syncEntityTables(t.db, [narrower])).rejects.toThrow('实体 es_thing 的列 title 不能从 text 改为 varchar(10)');
    const retyped = defineEntity(
      'v4.json',
      base([ID, { name: 'title', type: 'text', label: '标题' }, { name: 'amount', type: 'int', label: '金额' }]),
    );
    await expect(syncEntityTables(t.db, [retyped])).rejects.toThrow('实体 es_thing 的列 amount 不能从 numeric(12,2) 改为 integer');
    const fewer = defineEntity('v5.json', base([ID, { name: 'title', type: 'text', label: '标题' }]));
    await syncEntityTables(t.db, [fewer]);
    expect((await columns()).map((c) => c.column_name)).toContain('amount');
  });

  it('stops naming the entity and column when a column made unique already holds duplicates', async () => {
    const title = { name: 'title', type: 'text', label: '标题' } as const;
    const code = { name: 'code', type: 'string', length: 20, label: '编码' } as const;
    await syncEntityTables(t.db, [defineEntity('v6.json', base([ID, title, code]))]);
    await sql`insert into es_thing (id, title, code) values ('2', 'a', 'dup'), ('3', 'b', 'dup'), ('4', 'c', null), ('5', 'd', null)`.execute(
      t.db,
    );
    const unique = defineEntity('v7.json', base([ID, title, { ...code, unique: true }]));
    const failure = syncEntityTables(t.db, [unique]);
    await expect(failure).rejects.toBeInstanceOf(EntityMigrationError);
    await expect(failure).rejects.toThrow('实体 es_thing 的列 code 已有重复数据，不能设为唯一，启动已停止');
    const indexes = async () =>
      (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'es_thing'`.execute(t.db)).rows.map(
        (r) => r.indexname,
      );
    expect(await indexes()).not.toContain('uniq_es_thing_code');

    // once the duplicate is gone the same definition applies; NULLs never count as duplicates
    await sql`update es_thing set code = 'other' where id = '3'`.execute(t.db);
    expect(await syncEntityTables(t.db, [unique])).toEqual(['es_thing']);
    expect(await indexes()).toContain('uniq_es_thing_code');
  });
});
