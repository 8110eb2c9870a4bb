import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { applySeedData } from '../../server/db/seed/index';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('migrations and seed data on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('records applied migrations and does nothing on the next start', async () => {
    const rows = await t.db
      .selectFrom('sys_migration' as never)
      .selectAll()
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const again = await migrateToLatest(t.db);
    expect(again, JSON.stringify(again)).toEqual({ applied: [], fresh: false });
  });

  it('seeds the four roles, the department tree and one demo user per role', async () => {
    const roles = await t.db.selectFrom('sys_role').select('role_code').orderBy('role_code').execute();
    expect(roles.map((r) => r.role_code)).toEqual(['admin', 'xypj_company', 'xypj_expert', 'xypj_staff']);
    const codes = await t.db.selectFrom('sys_depart').select('org_code').orderBy('org_code').execute();
    expect(codes.map((d) => d.org_code)).toEqual(['A01', 'A01A01', 'A01A02', 'A01A03', 'A02']);
    const users = await t.db.selectFrom('sys_user').select(['username', 'password']).orderBy('username').execute();
    // the credit evaluation's demo data adds two more reviewers
    expect(users.map((u) => u.username)).toEqual(['admin', 'company', 'expert', 'reviewer2', 'reviewer3', 'staff']);
    for (const u of users) expect(u.password).toMatch(/^scrypt\$/);
  });

  it("adds a seed entry new to an existing database once, and keeps an administrator's deletion", async () => {
    await t.db.deleteFrom('sys_role_permission').where('permission_id', '=', 'm_exception_500').execute();
    await t.db.deleteFrom('sys_permission').where('id', '=', 'm_exception_500').execute();
    expect(await applySeedData(t.db)).toEqual([]);
    expect(await t.db.selectFrom('sys_permission').select('id').where('id', '=', 'm_exception_500').executeTakeFirst()).toBeUndefined();

    await t.db.deleteFrom('sys_seed_applied').where('seed_key', '=', 'menu:m_exception_500').execute();
    expect(await applySeedData(t.db)).toEqual(['menu:m_exception_500']);
    const grants = await t.db.selectFrom('sys_role_permission').select('role_id').where('permission_id', '=', 'm_exception_500').execute();
    expect(grants).toHaveLength(1);
  });

  it('counts and numbers come back as numbers on both drivers', async () => {
    const row = await t.db
      .selectFrom('sys_user')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('status').as('s')])
      .executeTakeFirstOrThrow();
    expect(row.n).toBe(6);
    expect(typeof row.s).toBe('number');
  });
});

describe('PGlite data directory', () => {
  it('refuses a second server on a data directory in use', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openPGlite } = await import('../../server/db/open');
    const dir = mkdtempSync(join(tmpdir(), 'xypj-lock-'));
    try {
      writeFileSync(join(dir, 'pglite.lock'), String(process.ppid));
      await expect(openPGlite({ dataDir: join(dir, 'pglite') })).rejects.toThrow(/in use by process/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends().filter((b) => b === 'postgres'))('connections to %s', () => {
  it('survives PostgreSQL closing its idle connections, and the next query opens a new one', async () => {
    const { sql } = await import('kysely');
    const { openTestDatabase } = await import('./support/database');
    const opened = await openTestDatabase('postgres');
    try {
      await sql`select 1`.execute(opened.db);
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(opened.db);
      const { default: pg } = await import('pg');
      const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await killer.connect();
      const killed = await killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [rows[0].name],
      );
      await killer.end();
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 200));
      const again = await sql<{ n: number }>`select 2 as n`.execute(opened.db);
      expect(again.rows[0].n).toBe(2);
    } finally {
      await opened.close();
    }
  });
});
