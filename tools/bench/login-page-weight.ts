/**
 * Budget: the login page's initial JS+CSS ≤ 200 KiB gzip in at most 15 files. Loads /user/login in Chromium
 * against the real server and gzips every script and stylesheet the page fetched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startProduct } from './_server';

const BUDGET_KIB = 200;
const BUDGET_FILES = 15;
const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-bench-login-'));
const server = await startProduct(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  const bodies: Promise<{ url: string; raw: number; gz: number }>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: gzipSync(b, { level: 9 }).length })));
  });
  await page.goto(`${server.baseUrl}/user/login`, { waitUntil: 'networkidle' });
  const files = await Promise.all(bodies);
  const gz = files.reduce((n, f) => n + f.gz, 0) / 1024;
  const raw = files.reduce((n, f) => n + f.raw, 0) / 1024;
  for (const f of files.sort((a, b) => b.gz - a.gz))
    process.stdout.write(`  ${(f.gz / 1024).toFixed(1).padStart(7)} KiB gz  ${new URL(f.url).pathname}\n`);
  process.stdout.write(
    `login page initial JS+CSS: ${gz.toFixed(1)} KiB gzip (${raw.toFixed(0)} KiB raw, ${files.length} files); budget ${BUDGET_KIB} KiB in ${BUDGET_FILES} files; ratio ${(gz / BUDGET_KIB).toFixed(2)}; the original Vue 2 front end loads 2.44 MiB gzip (${(gz / (2.44 * 1024)).toFixed(3)} of it)\n`,
  );
  process.exitCode = gz <= BUDGET_KIB && files.length <= BUDGET_FILES ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
