import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { openPostgres, type OpenDatabase } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { loadSeedData } from '../../server/db/seed/index';
import { startApp } from '../../server/start';
import { TEST_PASSWORDS } from './support/database';
import { reportReaderRole } from '../../server/modules/online/sql-runner';

const baseUrl = process.env.DATABASE_URL;
const passwords = { adminPassword: TEST_PASSWORDS.admin, demoPassword: TEST_PASSWORDS.demo };

/** A new empty database beside the one in DATABASE_URL, two pools on it (two instances), and how to drop it. */
async function emptyDatabase(): Promise<{ instances: OpenDatabase[]; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `xypj_faults_race_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  const instances = [await openPostgres(url.toString()), await openPostgres(url.toString())];
  return {
    instances,
    drop: async () => {
      for (const database of instances) await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${reportReaderRole(name.toLowerCase())}`).catch(() => undefined);
      await admin.end();
    },
  };
}

describe.skipIf(!baseUrl)('two instances starting at once on an empty PostgreSQL database', () => {
  it('both migrate and seed without error, and the database is seeded once', async () => {
    const { instances, drop } = await emptyDatabase();
    const [first] = instances;
    try {
      const data = loadSeedData({});
      const results = await Promise.allSettled(instances.map((database) => prepareDatabase(database, passwords, data)));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
      const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value.seed.seeded : null));
      expect(seeded.filter((s) => s === true)).toHaveLength(1);
      const roles = await first!.db
        .selectFrom('sys_role')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const admins = await first!.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      expect(Number(roles.n)).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  }, 120_000);

  it('starts both instances, entity tables and demo data included, ten runs in a row', async () => {
    const config = testConfig({ tokenSecret: 'test-token-secret-not-for-production' });
    const data = loadSeedData({});
    for (let run = 1; run <= 10; run++) {
      const { instances, drop } = await emptyDatabase();
      try {
        const results = await Promise.allSettled(instances.map((database) => startApp(database, { passwords, seedData: data, config })));
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [`run ${run}: ${String(r.reason)}`] : []));
        const apps = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.app] : []));
        try {
          expect(failures).toEqual([]);
          expect(results.filter((r) => r.status === 'fulfilled' && r.value.seed.seeded)).toHaveLength(1);
          // each instance answers on the tables the other one may have created
          for (const app of apps) {
            const res = await app.inject({ method: 'GET', url: '/api/xypj/public/batches' });
            expect(res.statusCode).toBe(200);
          }
          const { rows } = await sql<{
            n: number;
            codes: number;
          }>`select count(*) as n, count(distinct credit_code) as codes from xypj_company`.execute(instances[0]!.db);
          expect(Number(rows[0]!.n)).toBeGreaterThan(0);
          expect(Number(rows[0]!.codes)).toBe(Number(rows[0]!.n));
        } finally {
          for (const app of apps) await app.close();
        }
      } finally {
        await drop();
      }
    }
  }, 600_000);
});
