import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/open';
import { prepareDatabase } from '../../server/db/prepare';
import { loadSeedData } from '../../server/db/seed/index';
import { TEST_PASSWORDS } from './support/database';

const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('two instances starting at once on an empty PostgreSQL database', () => {
  it('both migrate and seed without error, and the database is seeded once', async () => {
    const { default: pg } = await import('pg');
    const name = `xypj_faults_race_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    const first = await openPostgres(url.toString());
    const second = await openPostgres(url.toString());
    try {
      const data = loadSeedData({});
      const results = await Promise.allSettled([first, second].map((database) => prepareDatabase(database, { adminPassword: TEST_PASSWORDS.admin, demoPassword: TEST_PASSWORDS.demo }, data)));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
      const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value.seed.seeded : null));
      expect(seeded.filter((s) => s === true)).toHaveLength(1);
      const roles = await first.db.selectFrom('sys_role').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const admins = await first.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      expect(Number(roles.n)).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
