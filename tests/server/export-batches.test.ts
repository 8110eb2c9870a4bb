import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowBatches } from '../../server/modules/entity/export-batches';
import { sortKeys, type ListSource } from '../../server/modules/entity/list-query';
import { backends, startTestApp, type TestApp } from './support/app';

const SOURCE: ListSource = {
  table: 'tmp_keyset',
  idProperty: 'id',
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'grade', column: 'grade', type: 'int' },
    { property: 'name', column: 'name', type: 'string' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
  ],
};

describe.each(backends())('export keyset batches on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await sql`create table tmp_keyset (id varchar(32) primary key, grade int, name varchar(20), create_time timestamp)`.execute(t.db);
    // nulls, repeated values and timestamps finer than a millisecond, so the paging meets every tie
    await sql`insert into tmp_keyset select lpad(g::text, 4, '0'), case when g % 7 = 0 then null else g % 4 end,
      case when g % 5 = 0 then null else 'n' || (g % 3) end, timestamp '2024-01-01' + make_interval(secs => (g % 6) * 0.000123)
      from generate_series(1, 203) g`.execute(t.db);
  });
  afterAll(() => t?.close());

  async function collect(params: Record<string, string>, size: number): Promise<string[]> {
    const keys = sortKeys(SOURCE, params, true);
    const ids: string[] = [];
    for await (const batch of rowBatches(t.db, SOURCE, [], keys, SOURCE.fields, size)) ids.push(...batch.map((r) => String(r.id)));
    return ids;
  }

  async function expected(orderBy: string): Promise<string[]> {
    return (await sql<{ id: string }>`select id from tmp_keyset order by ${sql.raw(orderBy)}`.execute(t.db)).rows.map((r) => r.id);
  }

  it.each([
    [{ column: 'grade', order: 'desc' }, 'grade desc, id desc'],
    [{ column: 'grade', order: 'asc' }, 'grade asc, id asc'],
    [{ column: 'grade,name', order: 'asc' }, 'grade asc, name asc, id asc'],
    [{ column: 'name,createTime', order: 'desc' }, 'name desc, create_time desc, id desc'],
    [{ column: 'createTime', order: 'asc' }, 'create_time asc, id asc'],
  ])('pages %o in the same order as one query, without losing or repeating a row', async (params, orderBy) => {
    const want = await expected(orderBy);
    expect(want).toHaveLength(203);
    for (const size of [1, 7, 50, 500]) expect(await collect(params, size)).toEqual(want);
  });

  it('refuses sort columns the source does not have', () => {
    expect(() => sortKeys(SOURCE, { column: 'password' })).toThrow('请注意，将要排序的列字段不存在：password');
  });
});
