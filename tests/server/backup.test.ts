import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openPGlite, openPostgres, type OpenDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/types';
import { DAILY_BACKUP_JOB } from '../../server/modules/backup/job';
import { serveBackups } from '../../server/modules/backup/source';
import { saveUpload } from '../../server/modules/files/storage';
import { FILE_TYPES } from '../../server/modules/files/file-types';
import { JOB_HANDLERS } from '../../server/modules/quartz/handlers';
import { restoreBackup } from '../../server/modules/backup/restore';
import { TarWriter } from '../../server/modules/backup/tar';
import { backends, createThrowawayPostgres, openTestDatabase, type Backend } from './support/database';
import { reportReaderRole } from '../../server/modules/online/sql-runner';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs tools/<script>.ts as `npm run <script>` does, with only the given database settings. */
function cli(script: 'backup' | 'restore', args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<CliResult> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(
      TSX,
      [join(ROOT, `tools/${script}.ts`), ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** An empty PostgreSQL database beside DATABASE_URL, dropped by the returned function. */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `xypj_t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const drop = async () => {
    await run(`drop database if exists ${name} with (force)`);
    await run(`drop role if exists ${reportReaderRole(name.toLowerCase())}`).catch(() => undefined);
  };
  return { url: url.toString(), drop };
}

const contentOf = (i: number) =>
  Buffer.from(
    createHash('sha256')
      .update(`file ${i}`)
      .digest('hex')
      .repeat(1 + (i % 40)),
  );

/**
 * Users writing: one loop adds probe rows 1, 2, 3 … (each its own commit), another uploads files whose bytes
 * derive from their number. `committed` says how far each had got, so a backup can be placed between two readings.
 */
class Writers {
  rows = 0;
  files = 0;
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly db: Db) {}

  start(): void {
    this.loops = [
      (async () => {
        while (!this.stopped) {
          await sql`insert into backup_probe (n, note) values (${this.rows + 1}, ${'行'.repeat(this.rows % 50)})`.execute(this.db);
          this.rows++;
        }
      })(),
      (async () => {
        while (!this.stopped) {
          const i = this.files + 1;
          await saveUpload(this.db, {
            biz: 'temp',
            originalName: `probe-${i}.txt`,
            type: FILE_TYPES.txt!,
            content: contentOf(i),
            uploader: { id: 'u1', username: 'admin' },
          });
          this.files = i;
        }
      })(),
    ];
  }

  async waitFor(rows: number, files: number): Promise<void> {
    while (this.rows < rows || this.files < files) await new Promise((r) => setTimeout(r, 20));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

/** Restored rows and files must be exactly what was committed at one moment between the two readings. */
async function expectMomentBetween(db: Db, before: { rows: number; files: number }, after: { rows: number; files: number }): Promise<void> {
  const probe = (await sql<{ n: number }>`select n from backup_probe order by n`.execute(db)).rows.map((r) => r.n);
  expect(probe.length).toBeGreaterThanOrEqual(before.rows);
  expect(probe.length).toBeLessThanOrEqual(after.rows);
  expect(probe).toEqual(Array.from({ length: probe.length }, (_, k) => k + 1));
  const files = await db
    .selectFrom('sys_upload_file as f')
    .innerJoin('sys_upload_content as c', 'c.file_id', 'f.id')
    .select(['f.file_name', 'f.file_size', 'c.content'])
    .where('f.file_name', 'like', 'probe-%')
    .execute();
  const numbers = files.map((f) => Number(/^probe-(\d+)\.txt$/.exec(f.file_name)![1])).sort((a, b) => a - b);
  expect(numbers.length).toBeGreaterThanOrEqual(before.files);
  expect(numbers.length).toBeLessThanOrEqual(after.files);
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
  for (const f of files) {
    const i = Number(/^probe-(\d+)\.txt$/.exec(f.file_name)![1]);
    expect(Buffer.from(f.content).equals(contentOf(i)), `content of ${f.file_name}`).toBe(true);
    expect(f.file_size).toBe(contentOf(i).length);
  }
}

const LEGACY = {
  'temp/20240101/old_1700000000000aaaaaaaaaaaaaaaaaaaa.txt': 'earlier version, kept on disk',
  'user/20240102/pic.png': 'PNG bytes',
};

function writeLegacyFiles(dataDir: string): void {
  for (const [path, text] of Object.entries(LEGACY)) {
    mkdirSync(join(dataDir, 'upload', path, '..'), { recursive: true });
    writeFileSync(join(dataDir, 'upload', path), text);
  }
}

function expectLegacyFiles(dataDir: string): void {
  for (const [path, text] of Object.entries(LEGACY)) expect(readFileSync(join(dataDir, 'upload', path), 'utf8')).toBe(text);
}

interface Source {
  database: OpenDatabase;
  dataDir: string;
  /** what the CLI is given to reach this database */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  close(): Promise<void>;
}

async function openSource(backend: Backend, work: string): Promise<Source> {
  const dataDir = join(work, 'source');
  mkdirSync(dataDir, { recursive: true });
  if (backend === 'pglite') {
    const seeded = await openTestDatabase('pglite');
    const dump = await seeded.dumpDataDir!();
    await seeded.close();
    const database = await openPGlite({ dataDir: join(dataDir, 'pglite'), loadDataDir: dump });
    return { database, dataDir, env: { DATA_DIR: dataDir }, close: () => database.close() };
  }
  const throwaway = await createThrowawayPostgres();
  const database = await openPostgres(throwaway.url);
  return {
    database,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url },
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

/** Where a restore goes: an empty DATA_DIR, or an empty PostgreSQL database and an empty DATA_DIR. */
async function emptyTarget(
  backend: Backend,
  work: string,
  name: string,
): Promise<{ env: { DATA_DIR: string; DATABASE_URL?: string }; open(): Promise<OpenDatabase>; drop(): Promise<void> }> {
  const dataDir = join(work, name);
  mkdirSync(dataDir, { recursive: true });
  if (backend === 'pglite') {
    return { env: { DATA_DIR: dataDir }, open: () => openPGlite({ dataDir: join(dataDir, 'pglite') }), drop: async () => undefined };
  }
  const pg = await emptyPostgres();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: pg.url }, open: () => openPostgres(pg.url), drop: pg.drop };
}

describe.each(backends())('backup and restore on %s', (backend) => {
  let work: string;
  let source: Source;
  let stopServing: () => Promise<void>;
  let backupFile: string;
  let before: { rows: number; files: number };
  let after: { rows: number; files: number };
  const targets: { drop(): Promise<void> }[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'xypj-bk-'));
    source = await openSource(backend, work);
    await sql`create table backup_probe (id serial primary key, n integer not null unique, note text)`.execute(source.database.db);
    writeLegacyFiles(source.dataDir);
    stopServing = await serveBackups(source.database, source.dataDir);
  }, 120_000);

  afterAll(async () => {
    await stopServing?.();
    await source?.close();
    for (const t of targets) await t.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('npm run backup copies the database while users write, and npm run restore brings back that moment', async () => {
    const writers = new Writers(source.database.db);
    writers.start();
    await writers.waitFor(200, 20);
    before = { rows: writers.rows, files: writers.files };
    const made = await cli('backup', [join(work, 'backups')], source.env);
    after = { rows: writers.rows, files: writers.files };
    await writers.waitFor(after.rows + 50, after.files + 5);
    await writers.stop();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      new RegExp(
        `^Backup written: .*xypj-backup-\\d{8}-\\d{6}-\\d{3}-${backend}\\.tar\\.gz \\(\\d+\\.\\d MB; \\d+ tables, \\d+ rows, 2 files;`,
      ),
    );
    backupFile = readdirSync(join(work, 'backups')).map((n) => join(work, 'backups', n))[0]!;
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    const target = await emptyTarget(backend, work, 'restored');
    targets.push(target);
    const restored = await cli('restore', [backupFile], target.env);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(
      new RegExp(`^Restored the ${backend} backup taken at .* \\d+ tables, \\d+ rows, 2 files \\(row counts checked\\)`),
    );
    const db = await target.open();
    try {
      await expectMomentBetween(db.db, before, after);
      // the serial column's sequence continues after the restored rows
      const next = await sql<{ id: number }>`insert into backup_probe (n) values (-1) returning id`.execute(db.db);
      const max = await sql<{ m: number }>`select max(id) as m from backup_probe where n > 0`.execute(db.db);
      expect(next.rows[0]!.id).toBeGreaterThan(max.rows[0]!.m);
      const admin = await db.db.selectFrom('sys_user').select('username').where('username', '=', 'admin').executeTakeFirst();
      expect(admin?.username).toBe('admin');
    } finally {
      await db.close();
    }
    expectLegacyFiles(target.env.DATA_DIR);
  }, 180_000);

  it.each(backends().filter((b) => b !== backend))(
    'the same backup restores into an empty %s database too',
    async (other) => {
      const target = await emptyTarget(other, work, `cross-${other}`);
      targets.push(target);
      const restored = await cli('restore', [backupFile], target.env);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(
        new RegExp(`^Restored the ${backend} backup taken at .* \\d+ tables, \\d+ rows, 2 files \\(row counts checked\\)`),
      );
      const db = await target.open();
      try {
        await expectMomentBetween(db.db, before, after);
      } finally {
        await db.close();
      }
      expectLegacyFiles(target.env.DATA_DIR);
    },
    180_000,
  );

  it('restore refuses a target that is not empty and changes nothing', async () => {
    const target = await emptyTarget(backend, work, 'occupied');
    targets.push(target);
    if (backend === 'pglite') {
      mkdirSync(join(target.env.DATA_DIR, 'pglite'));
      writeFileSync(join(target.env.DATA_DIR, 'pglite', 'PG_VERSION'), '17');
      const res = await cli('restore', [backupFile], target.env);
      expect(res.code).toBe(1);
      expect(res.stderr).toBe(
        `Restore failed: ${join(target.env.DATA_DIR, 'pglite')} is not empty: restore needs an empty data folder (stop the server and move the folder away, or set another DATA_DIR)\n`,
      );
      expect(readdirSync(join(target.env.DATA_DIR, 'pglite'))).toEqual(['PG_VERSION']);
      expect(readdirSync(target.env.DATA_DIR)).toEqual(['pglite']);
      return;
    }
    const db = await target.open();
    await sql`create table keep_me (id integer)`.execute(db.db);
    await db.close();
    const res = await cli('restore', [backupFile], target.env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /^Restore failed: the database at DATABASE_URL already holds 1 tables, views or sequences: restore needs an empty database/,
    );
    const again = await target.open();
    try {
      const tables = await sql<{
        relname: string;
      }>`select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`.execute(again.db);
      expect(tables.rows.map((r) => r.relname)).toEqual(['keep_me']);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('restore refuses a damaged or truncated file before touching the target', async () => {
    const bytes = readFileSync(backupFile);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damaged = join(work, 'damaged.tar.gz');
    writeFileSync(damaged, flipped);
    const truncated = join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    // the gzip trailer's CRC: only a reader that goes on to the end of the stream sees it
    const badCrc = join(work, 'bad-crc.tar.gz');
    const crcFlipped = Buffer.from(bytes);
    crcFlipped[crcFlipped.length - 8]! ^= 0xff;
    writeFileSync(badCrc, crcFlipped);
    for (const file of [damaged, truncated, badCrc]) {
      const target = await emptyTarget(backend, work, `t-${randomBytes(3).toString('hex')}`);
      targets.push(target);
      const res = await cli('restore', [file], target.env);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/^Restore failed: .* is damaged or not a backup: /);
      expect(readdirSync(target.env.DATA_DIR)).toEqual([]);
      if (backend === 'postgres') {
        const db = await target.open();
        const n = await sql<{ n: number }>`select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace`.execute(
          db.db,
        );
        await db.close();
        expect(n.rows[0]!.n).toBe(0);
      }
    }
  }, 120_000);

  it('the daily backup job writes a copy and keeps the newest N of its own', async () => {
    const app = await buildApp({
      db: source.database.db,
      config: testConfig({ dataDir: source.dataDir, tokenSecret: 'backup-test-secret' }),
    });
    await app.ready();
    try {
      const seeded =
        await sql`select status, parameter, cron_expression from sys_quartz_job where job_class_name = ${DAILY_BACKUP_JOB}`.execute(
          app.deps.db,
        );
      expect(seeded.rows).toEqual([{ status: -1, parameter: '7', cron_expression: '0 30 2 * * ?' }]);
      const run = JOB_HANDLERS.get(DAILY_BACKUP_JOB)!;
      const manual = readdirSync(join(work, 'backups'));
      process.env.BACKUP_DIR = join(work, 'backups');
      const summaries: string[] = [];
      for (let k = 0; k < 3; k++) summaries.push(await run({ deps: app.deps, parameter: '2', fireTime: new Date() }));
      delete process.env.BACKUP_DIR;
      expect(summaries[0]).toMatch(
        new RegExp(
          `^备份完成：xypj-daily-\\d{8}-\\d{6}-\\d{3}-${backend}\\.tar\\.gz（\\d+\\.\\d MB，\\d+张表\\d+行，2个文件）；保留最近2份，删除0份$`,
        ),
      );
      expect(summaries[2]).toMatch(/；保留最近2份，删除1份$/);
      const left = readdirSync(join(work, 'backups')).sort();
      expect(left.filter((n) => n.startsWith('xypj-daily-'))).toHaveLength(2);
      expect(left.filter((n) => !n.startsWith('xypj-daily-'))).toEqual(manual);
      await expect(run({ deps: app.deps, parameter: 'all', fireTime: new Date() })).rejects.toThrow(
        '参数应为保留份数（1-365的整数），当前为：all',
      );
    } finally {
      delete process.env.BACKUP_DIR;
      await app.close();
    }
  }, 180_000);
});

describe('backup files that try to break the restore', () => {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  async function archive(path: string, members: { name: string; body: Buffer }[]): Promise<void> {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(path));
    const tar = new TarWriter(gzip);
    for (const m of members) await tar.add(m.name, m.body);
    await tar.finish();
    gzip.end();
    await written;
  }

  function manifest(extra: Record<string, unknown>, members: { name: string; body: Buffer }[]): { name: string; body: Buffer } {
    const body = {
      format: 'xypj-backup',
      formatVersion: 1,
      backend: 'pglite',
      createdAt: new Date().toISOString(),
      appVersion: '0.1.0',
      migrations: [],
      tables: [],
      directories: [],
      files: [],
      ...extra,
    };
    const listed = members.map((m) => ({ name: m.name, bytes: m.body.length, sha256: sha(m.body) }));
    return { name: 'manifest.json', body: Buffer.from(JSON.stringify({ ...body, members: listed })) };
  }

  it('refuses a file path that leaves the upload folder, an unknown member and a file without a manifest, writing nothing', async () => {
    const work = mkdtempSync(join(tmpdir(), 'xypj-bk-evil-'));
    try {
      const members = [
        { name: 'database/pgdata/PG_VERSION', body: Buffer.from('17\n') },
        { name: 'files/0', body: Buffer.from('not yours') },
      ];
      const cases: [string, { name: string; body: Buffer }[], string][] = [
        [
          'escape.tar.gz',
          [...members, manifest({ files: [{ path: '../../escaped.txt', member: 'files/0' }] }, members)],
          "the backup's manifest is not valid (files)",
        ],
        [
          'extra.tar.gz',
          [...members, { name: 'database/pgdata/extra', body: Buffer.from('x') }, manifest({}, members)],
          'database/pgdata/extra is not in the manifest',
        ],
        [
          'newer.tar.gz',
          [...members, manifest({ migrations: ['999_from_the_future'] }, members)],
          'the backup was made by a newer version of the application',
        ],
        ['plain.tar.gz', members, 'it has no manifest'],
      ];
      for (const [name, content, message] of cases) {
        const file = join(work, name);
        await archive(file, content);
        const dataDir = join(work, `data-${name}`);
        await expect(restoreBackup(file, { dataDir })).rejects.toThrow(message);
        expect(readdirSync(work).filter((n) => n.startsWith('data-') || n === 'escaped.txt')).toEqual([]);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
