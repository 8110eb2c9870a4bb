import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'xypj-faults-start-'));
const mounts: string[] = [];

afterAll(() => {
  for (const dir of mounts) spawnSync('umount', [dir]);
  rmSync(work, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function serverEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: 'Admin#Start2024',
    DEMO_PASSWORD: 'Demo#Start2024',
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

/** `tsx server/main.ts` until it exits (or 60 s): exit code, stdout, stderr. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: serverEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A directory this process cannot write: a read-only tmpfs when running as root (root ignores modes), else mode 0555. */
function readOnlyDir(): string {
  const dir = path.join(work, 'read-only');
  mkdirSync(dir);
  if (process.getuid?.() === 0) {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir]);
    if (mounted.status === 0) mounts.push(dir);
  } else {
    spawnSync('chmod', ['0555', dir]);
  }
  return dir;
}

const oneLine = (text: string) => text.trim().split('\n').length === 1;

describe('start-up errors', () => {
  it('refuses a read-only DATA_DIR in one line naming the cause and the path', async () => {
    const dir = readOnlyDir();
    const { code, stderr } = await runServer({ DATA_DIR: dir, PORT: '0' });
    expect(code).not.toBe(0);
    expect(oneLine(stderr)).toBe(true);
    expect(stderr.trim()).toMatch(
      new RegExp(`^Cannot write to the data directory ${dir}: (read-only file system \\(EROFS\\)|permission denied \\(EACCES\\))$`),
    );
    const nested = await runServer({ DATA_DIR: path.join(dir, 'a', 'b'), PORT: '0' });
    expect(nested.code).not.toBe(0);
    expect(oneLine(nested.stderr)).toBe(true);
    expect(nested.stderr).toContain(`Cannot write to the data directory ${path.join(dir, 'a', 'b')}: `);
  }, 90_000);

  it('refuses a DATA_DIR below a file', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'x');
    const { code, stderr } = await runServer({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(
      `Cannot write to the data directory ${path.join(file, 'data')}: a part of the path is a file, not a directory (ENOTDIR)`,
    );
  }, 90_000);

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a new database on a nearly full disk',
    async () => {
      const dir = path.join(work, 'small');
      mkdirSync(dir);
      expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]).status).toBe(0);
      mounts.push(dir);
      const { code, stderr } = await runServer({ DATA_DIR: dir, PORT: '0' });
      expect(code).not.toBe(0);
      expect(oneLine(stderr)).toBe(true);
      expect(stderr.trim()).toMatch(
        new RegExp(`^Cannot create the database in ${dir}: only \\d+ MB free, a new database needs about 100 MB \\(ENOSPC\\)$`),
      );
    },
    90_000,
  );
});

describe('HOST', () => {
  it('listens on the address HOST names and says so', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: serverEnv({ DATA_DIR: path.join(work, 'host'), PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`not listening within 90 s:\n${output}`)), 90_000);
        const read = (c: Buffer) => {
          output += c.toString();
          if (output.includes('Listening on')) {
            clearTimeout(timer);
            done();
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', () => fail(new Error(`exited:\n${output}`)));
      });
      expect(output).toContain(`Listening on http://127.0.0.1:${port} `);
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'UP' });
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
