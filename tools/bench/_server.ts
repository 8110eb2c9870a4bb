/** Shared by benchmarks: start `npm start` on a free port with a given data directory and wait for it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first successful answer. */
  firstAnswerMs: number;
  stop(): Promise<void>;
}

/**
 * `apiOnly`: the server bundle run as `npm start` runs it, without building or serving the client (API benchmarks;
 * a client source edited since the last build would otherwise rebuild dist/ first).
 */
export async function startProduct(
  dataDir: string,
  env: Record<string, string> = {},
  options: { apiOnly?: boolean } = {},
): Promise<Started> {
  const port = await freePort();
  // the product runs on PGlite unless the caller passes DATABASE_URL in `env`
  const inherited: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete inherited.DATABASE_URL;
  const childEnv: Record<string, string> = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Bench#2026pass',
    DEMO_PASSWORD: 'Bench#2026pass',
    ...env,
  };
  const t0 = performance.now();
  const child = options.apiOnly
    ? await spawnApiOnly(dataDir, childEnv)
    : spawn('npm', ['start'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const probe = options.apiOnly ? '/health' : '/user/login';
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${baseUrl}${probe}`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 180_000) throw new Error(`no answer in 180 s: ${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const firstAnswerMs = performance.now() - t0;
  return {
    child,
    baseUrl,
    firstAnswerMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || !child.pid) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 8000);
      }),
  };
}

async function spawnApiOnly(dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const { ensureServerBundle, serverBundlePath } = (await import('../build/server.mjs' as string)) as {
    ensureServerBundle(): Promise<void>;
    serverBundlePath(): string;
  };
  await ensureServerBundle();
  const noClient = path.join(dataDir, 'no-client');
  const childEnv = { ...env, PROJECT_ROOT: process.cwd(), CLIENT_DIR: noClient };
  return spawn(process.execPath, ['--v8-pool-size=1', serverBundlePath()], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
