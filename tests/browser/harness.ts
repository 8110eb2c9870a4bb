/**
 * Starts the product as `npm start` starts it, on a free port, against a throwaway
 * PostgreSQL database (so tests can read captcha answers from the test database), and
 * drives Debian's Chromium with playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { reportReaderRole } from '../../server/modules/online/sql-runner';

export const ADMIN_PASSWORD = 'Admin#2026pass';
export const DEMO_PASSWORD = 'Demo#2026pass';
const ARTIFACTS = path.resolve('tests/.artifacts');

export interface RunningServer {
  baseUrl: string;
  apiUrl: string;
  /** The server's PostgreSQL database (PostgreSQL mode only). */
  databaseUrl?: string;
  /** Run SQL against the server's database (PostgreSQL mode only). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  readCaptcha(checkKey: string): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Use the embedded PGlite database in a temporary DATA_DIR instead of PostgreSQL. */
  pglite?: boolean;
  env?: Record<string, string>;
}

function adminDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

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

async function createThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = adminDatabaseUrl();
  const name = `xypj_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`browser tests need PostgreSQL at ${adminUrl} (set DATABASE_URL): ${(err as Error).message}`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // the report role of that database (created at start) belongs to the cluster
      await c.query(`DROP ROLE IF EXISTS ${reportReaderRole(name.toLowerCase())}`).catch(() => undefined);
      await c.end();
    },
  };
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-e2e-'));
  const db = options.pglite ? undefined : await createThrowawayDatabase();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    ...options.env,
  };
  if (db) env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;

  let out = '';
  const child = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/user/login`, child, () => out);

  const pool = db ? new pg.Pool({ connectionString: db.url, max: 2 }) : undefined;
  // stop() drops the database WITH (FORCE); a pooled connection still closing then reports the termination.
  pool?.on('error', () => undefined);
  const sql = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> => {
    if (!pool) throw new Error('sql() needs PostgreSQL mode');
    return (await pool.query<T>(text, values)).rows;
  };

  return {
    baseUrl,
    apiUrl: `${baseUrl}/api`,
    databaseUrl: db?.url,
    sql,
    async readCaptcha(checkKey: string) {
      const rows = await sql<{ answer: string }>('SELECT answer FROM sys_captcha WHERE check_key = $1', [checkKey]);
      if (!rows[0]) throw new Error(`no captcha stored for key ${checkKey}`);
      return rows[0].answer;
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            try {
              if (child.pid) process.kill(-child.pid, 'SIGKILL');
            } catch {
              /* gone */
            }
            resolve();
          }, 5000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      await pool?.end();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

/** Keep a screenshot of the page for a failed test (tests/.artifacts/<name>.png). */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return file;
}

/**
 * Sign in through the login form as a user would, reading the captcha answer from
 * the test database. The login page's captcha <img> carries `data-check-key` with the
 * key of the image it shows (the key is not secret; the answer stays on the server).
 */
export async function signIn(page: Page, server: RunningServer, username: string, password: string, path = '/user/login'): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await fillLoginForm(page, server, username, password);
  await page.getByRole('button', { name: /确\s*定/ }).click();
}

export async function fillLoginForm(page: Page, server: RunningServer, username: string, password: string): Promise<void> {
  const img = page.locator('img[data-check-key]');
  await img.waitFor();
  await page.waitForFunction(() => {
    const el = document.querySelector('img[data-check-key]') as HTMLImageElement | null;
    return !!el && el.src.startsWith('data:') && !!el.dataset.checkKey;
  });
  const checkKey = (await img.getAttribute('data-check-key')) ?? '';
  const code = await server.readCaptcha(checkKey);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(code);
}

/** The demo staff user belongs to two tenants and two departments: after sign-in, choose the first of each. */
export async function chooseTenantAndDepartment(on: Page): Promise<void> {
  const chooser = on.locator('.ant-modal-content').filter({ hasText: '请选择租户和部门' });
  await chooser.waitFor();
  for (const placeholder of ['请选择登录租户', '请选择登录部门']) {
    const select = chooser.locator('.ant-select').filter({ hasText: placeholder });
    if ((await select.count()) === 0) continue;
    await select.click();
    await on.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
    await on.keyboard.press('Enter');
  }
  await chooser.getByRole('button', { name: /确\s*认/ }).click();
}

/** A token of a demo office user, signed in through the API with the captcha read from the test database. */
export async function staffToken(server: RunningServer, username = 'staff'): Promise<string> {
  const checkKey = `${username}${Date.now()}`;
  await fetch(`${server.apiUrl}/sys/randomImage/${checkKey}`);
  const captcha = await server.readCaptcha(checkKey);
  const res = await fetch(`${server.apiUrl}/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, captcha, checkKey, remember_me: false }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result?: { token: string } };
  if (!body.result?.token) throw new Error(`${username} login: ${body.message}`);
  return body.result.token;
}

/** The header bell's 系统消息 tab lists `title`; the bell closes again. */
export async function bellShows(on: Page, title: string): Promise<void> {
  await on.getByTestId('notice-bell').click();
  const popover = on.locator('.ant-popover:visible');
  await popover.getByRole('tab', { name: /系统消息/ }).click();
  await popover.getByText(title).first().waitFor();
  await on.keyboard.press('Escape');
  await on.getByTestId('notice-bell').click();
}
