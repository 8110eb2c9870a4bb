import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, multipart } from './support/forms';
import { repeatedRowsWorkbook } from './support/xlsx-bomb';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEADER = ['职务编码', '职务名称', '职级'];
const ROW = ['temp', '临时', '1'];
const work = mkdtempSync(path.join(tmpdir(), 'xypj-sheet-temp-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Files a directory holds, leaving aside sockets (the backup service listens on one) and tsx's compile cache of the spawned server. */
const filesIn = (dir: string) => readdirSync(dir).filter((name) => !name.startsWith('tsx-') && !statSync(path.join(dir, name)).isSocket());

/** 400,000 inline-string rows (~70 MB unpacked, no shared strings part): a streaming reader that waits for one spills the sheet to disk. */
const bigFile = () => repeatedRowsWorkbook(HEADER, ROW, 400_000);

describe.each(backends())('no temporary file outlives an import, on %s', (backend) => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await startTestApp(backend);
    token = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('leaves the system temp folder as it was after a refused and an accepted import', async () => {
    const temp = mkdtempSync(path.join(work, 'tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const refused = await t.request({
        method: 'POST',
        url: '/api/sys/position/importExcel',
        token,
        ...importUpload('big.xlsx', await bigFile()),
      });
      expect(refused.json()).toMatchObject({ success: false, message: '单个文件最多导入20000行数据' });
      const accepted = await t.request({
        method: 'POST',
        url: '/api/sys/position/importExcel',
        token,
        ...importUpload('one.xlsx', await repeatedRowsWorkbook(HEADER, ROW, 1)),
      });
      expect(accepted.json()).toMatchObject({ success: true });
      expect(filesIn(temp)).toEqual([]);
    } finally {
      process.env.TMPDIR = saved;
    }
  }, 120_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `tsx server/main.ts` on PGlite with its own data and temp folders, once it listens. */
async function startServer(dataDir: string, temp: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    TMPDIR: temp,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: 'Admin#Temp2026',
    DEMO_PASSWORD: 'Demo#Temp2026',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`not listening within 150 s:\n${output}`)), 150_000);
    const read = (c: Buffer) => {
      output += c.toString();
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', () => fail(new Error(`exited:\n${output}`)));
  });
  return child;
}

describe('a killed import', () => {
  it('leaves no temporary file after kill -9 and a restart', async () => {
    const dataDir = path.join(work, 'data');
    const temp = mkdtempSync(path.join(work, 'tmp-kill-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    let child = await startServer(dataDir, temp, port);
    try {
      const login = await (
        await fetch(`${base}/sys/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Admin#Temp2026' }),
        })
      ).json();
      expect(login).toMatchObject({ success: true });
      const upload = multipart({ isSingleTableImport: 'true' }, [
        { name: 'big.xlsx', content: await bigFile(), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      ]);
      const pending = fetch(`${base}/sys/position/importExcel`, {
        method: 'POST',
        headers: { ...upload.headers, 'X-Access-Token': login.result.token },
        body: new Uint8Array(upload.payload),
      }).catch(() => null);
      // killed while it reads the sheet
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGKILL');
      await pending;
      child = await startServer(dataDir, temp, port);
      expect(filesIn(temp)).toEqual([]);
      expect(readdirSync(dataDir).filter((name) => /^tmp/i.test(name) && filesIn(path.join(dataDir, name)).length > 0)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 360_000);
});
