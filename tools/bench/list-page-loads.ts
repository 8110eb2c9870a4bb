/**
 * Budget: opening a schema list page from the menu needs at most one round of lazy downloads (the page's code and
 * its schema side by side) before the list request goes out. Signs in as admin in Chromium, then follows the menu
 * to 职务管理 and records which scripts were requested, and when, until the request for /sys/position/list.
 * A round is a set of scripts requested together; a script requested after another one finished starts a new round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startProduct } from './_server';

const BUDGET_ROUNDS = 1;
const PASSWORD = 'Bench#2026pass';
const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-bench-loads-'));
const server = await startProduct(dataDir, { LOGIN_CAPTCHA: 'off' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/user/login`);
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page
    .getByRole('menuitem', { name: /系统管理/ })
    .first()
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/list-loads-failed.png' });
      throw error;
    });
  await page.waitForLoadState('networkidle');

  const scripts: { url: string; start: number; end: number }[] = [];
  const started = new Map<string, number>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') started.set(req.url(), performance.now());
  });
  page.on('requestfinished', (req) => {
    const start = started.get(req.url());
    if (start !== undefined) scripts.push({ url: req.url(), start, end: performance.now() });
  });
  const listRequest = page.waitForRequest((req) => req.url().includes('/sys/position/list'));
  await page
    .getByRole('menuitem', { name: /系统管理/ })
    .first()
    .click();
  const t0 = performance.now();
  await page.getByRole('menuitem', { name: '职务管理' }).click();
  await listRequest;
  const requestedAt = performance.now();

  const before = scripts.filter((s) => s.start < requestedAt).sort((a, b) => a.start - b.start);
  let rounds = 0;
  let roundEnds = -Infinity;
  for (const s of before) {
    if (s.start >= roundEnds) rounds += 1;
    roundEnds = Math.max(roundEnds === -Infinity ? 0 : roundEnds, s.end);
  }
  for (const s of before)
    process.stdout.write(
      `  ${(s.start - t0).toFixed(0).padStart(6)} → ${(s.end - t0).toFixed(0).padStart(6)} ms  ${new URL(s.url).pathname}\n`,
    );
  process.stdout.write(
    `schema list page (职务管理) from the menu: ${rounds} round(s) of lazy downloads, ${before.length} scripts, list request after ${(requestedAt - t0).toFixed(0)} ms; budget ${BUDGET_ROUNDS} round\n`,
  );
  process.exitCode = rounds <= BUDGET_ROUNDS ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
