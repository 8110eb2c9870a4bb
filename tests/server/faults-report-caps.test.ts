import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_BYTE_CAP, REPORT_CELL_CAP, REPORT_ROW_CAP } from '../../server/modules/online/report-query';
import { SQL_IDENTITY_MESSAGE } from '../../server/modules/online/sql-guard';
import { REPORT_TIMEOUT_MS, reportReaderRole, reportTimeoutMessage } from '../../server/modules/online/sql-runner';
import { backends, startTestApp, type TestApp } from './support/app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends())('report answers are capped and reveal no login on %s', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token: admin, ...(payload ? { payload } : {}) });
    return { body: res.json(), bytes: res.rawPayload.length };
  };

  const addModel = (code: string, cgrSql: string, fields: string[]) =>
    call('POST', '/online/cgreport/head/add', { head: { code, name: code, cgrSql }, items: fields.map((fieldName) => ({ fieldName })) });

  async function addReport(code: string, cgrSql: string, fields: string[]): Promise<void> {
    const { body } = await addModel(code, cgrSql, fields);
    expect(body.success, body.message).toBe(true);
  }

  // 10 cells of 50 MB each
  const HUGE = "select repeat('x', 50000000) as big from generate_series(1, 10)";

  it.runIf(backend === 'pglite')(
    'stops a 500 MB answer at the embedded limit instead of building it',
    async () => {
      // the embedded database folds the constant 50 MB text while planning, longer than its limit
      const { body } = await addModel('t_huge', HUGE, ['big']);
      expect(body.success).toBe(false);
      expect(body.message).toBe(reportTimeoutMessage(REPORT_TIMEOUT_MS.pglite));
      expect((await call('GET', '/online/cgreport/head/list')).body.success).toBe(true);
    },
    30_000,
  );

  it.runIf(backend === 'postgres')(
    'cuts cells longer than the cell cap and says so; a 500 MB answer is never built',
    async () => {
      await addReport('t_huge', HUGE, ['big']);
      const { body, bytes } = await call('GET', '/online/cgreport/api/getData/t_huge?pageSize=10');
      expect(bytes).toBeLessThan(100_000);
      expect(body.success, body.message).toBe(true);
      expect(body.result.records).toHaveLength(10);
      for (const record of body.result.records) expect(record.big).toBe(`${'x'.repeat(REPORT_CELL_CAP)}…`);
      expect(body.result.truncated).toBe(true);
      expect(body.result.capMessage).toBe(`超过${REPORT_CELL_CAP}个字符的内容已截断`);
    },
    30_000,
  );

  it('leaves out the rows past the byte cap of one answer and says how many it returned', async () => {
    await addReport(
      't_wide',
      "select n, repeat('y', 1900) as a, repeat('z', 1900) as b, repeat('w', 1900) as c from generate_series(1, 1000) as n",
      ['n', 'a', 'b', 'c'],
    );
    const { body, bytes } = await call('GET', '/online/cgreport/api/getData/t_wide?pageSize=1000');
    expect(body.success, body.message).toBe(true);
    const records = body.result.records as Array<{ n: number }>;
    expect(body.result.total).toBe(1000);
    expect(records.length).toBeGreaterThan(600);
    expect(records.length).toBeLessThan(1000);
    expect(records.map((r) => r.n)).toEqual(records.map((_, i) => i + 1));
    expect(body.result.capMessage).toBe(`结果超过${REPORT_BYTE_CAP / 1024 / 1024}MB，只返回了前${records.length}条`);
    expect(bytes).toBeLessThan(REPORT_BYTE_CAP + 200_000);
  }, 30_000);

  it('returns at most the row cap without paging and says so', async () => {
    await addReport('t_rows', 'select n from generate_series(1, 1500) as n', ['n']);
    const { body } = await call('GET', '/online/cgreport/api/getData/t_rows?pageSize=0');
    expect(body.success, body.message).toBe(true);
    expect(body.result.records).toHaveLength(REPORT_ROW_CAP);
    expect(body.result.capMessage).toBe(`结果共1500条，只返回了前${REPORT_ROW_CAP}条`);
    const page = await call('GET', '/online/cgreport/api/getData/t_rows?pageSize=10&pageNo=2');
    expect(page.body.result.records.map((r: { n: number }) => r.n)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(page.body.result.truncated).toBeUndefined();
  });

  it.each([
    ['select session_user as u', SQL_IDENTITY_MESSAGE],
    ['select current_catalog as d', SQL_IDENTITY_MESSAGE],
    ['select current_database() as d', '报表SQL不能调用函数 current_database'],
  ])('refuses %s: the login and the database name stay hidden', async (text, message) => {
    const { body } = await call('POST', '/online/cgreport/head/parseSql', { sql: text });
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
  });

  it.runIf(backend === 'postgres')(
    'report queries log in as the report role, not as the server login',
    async () => {
      await addReport('t_who_slow', 'select count(*) as n from generate_series(1, 100000) as a cross join generate_series(1, 10000) as b', [
        'n',
      ]);
      const run = call('GET', '/online/cgreport/api/getData/t_who_slow');
      let logins: string[] = [];
      for (let i = 0; i < 40 && !logins.length; i++) {
        await sleep(100);
        const active = await sql<{ who: string }>`select usename as who from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like '%cross join generate_series%' and state = 'active'`.execute(
          t.db,
        );
        logins = active.rows.map((r) => r.who);
      }
      const database = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
      expect(logins).toEqual([reportReaderRole(database.rows[0]!.name)]);
      expect((await run).body.message).toBe(reportTimeoutMessage(REPORT_TIMEOUT_MS.postgres));
    },
    30_000,
  );
});
