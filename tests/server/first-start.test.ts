import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm start` on a new data directory with generated passwords, until it has said everything it says at start. */
async function firstStart(dataDir: string, port: number): Promise<{ output: string; stop: () => void }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off' };
  for (const name of ['DATABASE_URL', 'ADMIN_PASSWORD', 'DEMO_PASSWORD']) delete env[name];
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no credentials within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('readable only by you')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => fail(new Error(`npm start exited:\n${output}`)));
  });
  return { output, stop };
}

describe('the first npm start on a new data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-first-start-'));
  let stop = () => undefined as void;
  afterAll(() => {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the generated passwords last, keeps them in an owner-only file, and they sign in', async () => {
    const port = await freePort();
    const started = await firstStart(dataDir, port);
    stop = started.stop;
    // the console lines a person reads; the JSON request log (stdout) may interleave with them, even after the blank
    // line that closes the credentials block
    const lines = started.output
      .trimEnd()
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('{'));
    const listening = lines.findIndex((line) => line.startsWith('Listening on'));
    const admin = lines.findIndex((line) => line.includes('Administrator: admin / '));
    expect(listening).toBeGreaterThan(-1);
    expect(admin).toBeGreaterThan(listening);
    expect(lines.at(-1)).toContain(`${path.join(dataDir, 'initial-credentials.txt')}, readable only by you`);
    expect(lines.find((line) => line.includes('Demo users'))).toContain(
      'staff (评价办工作人员), expert (评审专家), company (监理企业), reviewer2, reviewer3 (评审专家): ',
    );
    expect(lines).toContain(
      '  SMS codes (注册, 手机号登录, 忘记密码) are not sent without SMS_PROVIDER: sign in as admin and read them in 系统管理 → 消息中心 → 短信记录.',
    );

    const file = path.join(dataDir, 'initial-credentials.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /Administrator: admin \/ (\S+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(lines[admin]).toContain(password);

    const res = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const body = (await res.json()) as { success: boolean };
    expect(body.success).toBe(true);
  }, 90_000);
});

describe('the client build npm install and npm start run', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'xypj-client-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('reports its progress in a few lines instead of Vite’s file list', async () => {
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['tools/build/client.mjs', '--build', outDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? done(text) : fail(new Error(text))));
    });
    const lines = output.trimEnd().split('\n');
    // The phase of the first line depends on how busy the machine is.
    expect(lines[0]).toMatch(/^ {2}building the client: [a-z ]+, \d+ modules, \d+ s…$/);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}building the client: writing chunks, \d+ modules/));
    expect(lines.at(-1)).toMatch(/^ {2}client built in \d+ s \(\d+ modules\) into /);
    expect(lines.length).toBeLessThan(30);
    expect(statSync(path.join(outDir, 'index.html')).isFile()).toBe(true);
  }, 120_000);
});
