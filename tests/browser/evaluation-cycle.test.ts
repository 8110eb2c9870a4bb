/**
 * The yearly cycle for one company, as the three roles see it: it registers, is approved, fills its unit
 * information, applies, is returned and resubmits, is accepted; three experts score its application (one
 * sheet sent back and resubmitted), the office confirms the review. In 评价批次 the office tries each move of
 * the batch too early and reads what stops it, then 提前截止申报 with a reason, withdraws the unfinished
 * applications of others (撤回 in 评审复核), starts publicity (the public list shows the company), ends the
 * publicity window by editing the batch and publishes. The company downloads its signed certificate from 我的证书
 * (XYPJ-….pdf; signature verified, text and QR code read from the rendered PDF); the public check answers 有效,
 * and 已撤销 (as does the public list) once the office revokes it. At each step the company or the expert gets a
 * bell message and an e-mail (a local SMTP server).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillUnitInformation, registerCompany, scoreSheet } from './cycle-steps';
import {
  BATCH_COLUMNS,
  countedBlocker,
  editBatchWindows,
  moveBlockers,
  moveEffects,
  okButton,
  openMove,
  UNFINISHED_WHAT,
  type BatchRow,
} from './batch-moves';
import { throwawayP12, verifyPdfSignature } from '../server/support/pdf-signature';
import { mailSubject, mailText, startLocalSmtp, type LocalSmtp } from '../server/support/smtp';
import {
  bellShows,
  chooseTenantAndDepartment,
  DEMO_PASSWORD,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  staffToken,
  startServer,
  type RunningServer,
} from './harness';
import { renderPdf } from './pdf-in-browser';

let server: RunningServer;
let smtp: LocalSmtp;
let signingDir = '';
let browser: Browser;
let page: Page;
let attempt = 0;

const COMPANY = {
  name: '闽江工程监理有限公司',
  creditCode: '91350100M000100Y43',
  contact: '林工',
  mobile: '13912345678',
  email: 'minjiang@example.com',
  username: 'minjiang_jl',
  password: 'Minjiang#2026',
};

beforeAll(async () => {
  smtp = await startLocalSmtp();
  signingDir = mkdtempSync(join(tmpdir(), 'xypj-cycle-sign-'));
  const signing = throwawayP12(signingDir, 'cycle-p12-pass');
  server = await startServer({
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'office@example.com', CERT_SIGN_P12: signing.path, CERT_SIGN_PASSWORD: 'cycle-p12-pass' },
  });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (signingDir) rmSync(signingDir, { recursive: true, force: true });
});

/** `who` has the bell message `title` (a row of their own) and an e-mail with that subject whose text contains `text`. */
async function expectNotice(who: { username: string; email: string }, title: string, text: string): Promise<void> {
  const rows = () =>
    server.sql('SELECT 1 FROM sys_announcement a JOIN sys_user u ON u.id = a.user_ids WHERE u.username = $1 AND a.titile = $2', [
      who.username,
      title,
    ]);
  await expect.poll(async () => (await rows()).length, { message: `bell message ${title} for ${who.username}` }).toBeGreaterThan(0);
  const mailed = () => smtp.mails.some((m) => m.to.includes(who.email) && mailSubject(m.raw) === title && mailText(m.raw).includes(text));
  await expect.poll(mailed, { timeout: 20_000, message: `e-mail ${title} to ${who.email}` }).toBe(true);
}

const expertOf = (username: string) => ({ username, email: `${username}@example.com` });

async function staffCall(
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<{ success: boolean; message: string; result?: unknown }> {
  const res = await fetch(`${server.apiUrl}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  return (await res.json()) as { success: boolean; message: string; result?: unknown };
}

const modal = (page: Page) => page.locator('.ant-modal:visible').last();

async function confirmDialog(page: Page): Promise<void> {
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

const PDF = { name: '申报材料.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

async function applicationRow() {
  await page.goto(`${server.baseUrl}/xypj/application`);
  const row = page.locator('.ant-table-row').first();
  await row.waitFor();
  return row;
}

async function submitApplication(): Promise<void> {
  const row = await applicationRow();
  await row.getByText('提交').click();
  await confirmDialog(page);
  await page.getByText('申报已提交').or(page.getByText('提交成功')).first().waitFor();
}

describe('信用评价：企业一轮申报', () => {
  it('a direct visit to the register result shows no success', async () => {
    await page.goto(`${server.baseUrl}/user/register-result`);
    await page.getByText('没有可显示的注册信息。已有账户请直接登录。').waitFor();
    expect(await page.getByText('注册申请已提交').count()).toBe(0);
  }, 30_000);

  it('registers, is approved, fills its unit information, applies, is returned and resubmits, and is accepted', async () => {
    try {
      await registerCompany(page, server, COMPANY);
      const token = await staffToken(server);
      const [company] = await server.sql<{ id: string; status: string }>('SELECT id, status FROM xypj_company WHERE credit_code = $1', [
        COMPANY.creditCode,
      ]);
      expect(company?.status).toBe('pending');
      expect((await staffCall(token, 'POST', '/xypj/company/approve', { id: company!.id })).success).toBe(true);

      await signIn(page, server, COMPANY.username, COMPANY.password);
      await page.waitForURL('**/dashboard/analysis');
      await fillUnitInformation(page, server, COMPANY);
      await page.goto(`${server.baseUrl}/xypj/history`);
      await page.getByText('暂无评价记录', { exact: false }).waitFor();
      await keepScreenshot(page, 'cycle-history-empty');

      await page.goto(`${server.baseUrl}/xypj/application`);
      await page.getByRole('button', { name: '新建申报' }).click();
      await page.locator('.ant-table-row', { hasText: '草稿' }).waitFor();
      let row = await applicationRow();
      await row.getByText('编辑').click();
      const uploaded = page.waitForResponse((res) => res.url().includes('/sys/common/upload'));
      await modal(page).getByText('申报材料').first().waitFor();
      expect(await modal(page).getByText('退回原因').count()).toBe(0);
      await modal(page).locator('input[type="file"]').setInputFiles(PDF);
      const uploadReply = (await (await uploaded).json()) as { success: boolean; message: string };
      expect(uploadReply.success, uploadReply.message).toBe(true);
      await modal(page).getByText('申报材料.pdf').waitFor();
      await keepScreenshot(page, 'cycle-application-materials');
      await modal(page)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await modal(page).waitFor({ state: 'hidden' });
      await expect
        .poll(
          async () =>
            (
              await server.sql<{ materials: string | null }>('SELECT materials FROM xypj_application WHERE credit_code = $1', [
                COMPANY.creditCode,
              ])
            )[0]?.materials ?? '',
        )
        .toMatch(/\.pdf$/);
      await submitApplication();
      const [application] = await server.sql<{ id: string; state: string }>(
        'SELECT id, state FROM xypj_application WHERE credit_code = $1',
        [COMPANY.creditCode],
      );
      expect(application?.state).toBe('submitted');

      expect(
        (await staffCall(token, 'POST', '/xypj/application/return', { id: application!.id, reason: '请补充监理项目的证明材料' })).success,
      ).toBe(true);
      row = await applicationRow();
      await row.getByText('已退回').waitFor();
      await row.getByText('请补充监理项目的证明材料').waitFor();
      await keepScreenshot(page, 'cycle-application-returned');
      await bellShows(page, '信用评价申报已退回');
      await expectNotice(COMPANY, '信用评价申报已退回', '请补充监理项目的证明材料');
      await row.getByText('编辑').click();
      await expect
        .poll(() =>
          modal(page)
            .locator('input')
            .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
        )
        .toContain('请补充监理项目的证明材料');
      await modal(page).getByText('退回原因').waitFor();
      await page.waitForTimeout(300); // the dialog's opening animation
      await keepScreenshot(page, 'cycle-application-edit-returned');
      await modal(page)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await modal(page).waitFor({ state: 'hidden' });
      await submitApplication();

      expect((await staffCall(token, 'POST', '/xypj/application/accept', { id: application!.id })).success).toBe(true);
      row = await applicationRow();
      await row.getByText('已受理').waitFor();
      expect(await row.getByText('编辑').count()).toBe(0);
      expect(await row.getByText('提交').count()).toBe(0);
      await keepScreenshot(page, 'cycle-application-accepted');
      await expectNotice(COMPANY, '信用评价申报已受理', '已通过形式审查并受理');
    } catch (error) {
      await keepScreenshot(page, `cycle-failed-${++attempt}`);
      throw error;
    }
  }, 150_000);
});

/** Signs in as `username` in a page of its own, runs `work`, closes the page. */
async function as(username: string, work: (on: Page) => Promise<void>): Promise<void> {
  const on = (await newPage(browser)).page;
  try {
    await signIn(on, server, username, DEMO_PASSWORD);
    await on.waitForURL('**/dashboard/analysis');
    await work(on);
  } catch (error) {
    await keepScreenshot(on, `cycle-${username}-failed-${++attempt}`);
    throw error;
  } finally {
    await on.close();
  }
}

async function checkCertificate(on: Page, certNo: string, company: string): Promise<string> {
  await on.goto(`${server.baseUrl}/xypj/checkzs?no=${encodeURIComponent(certNo)}`);
  await expect.poll(() => on.getByLabel('证书编号').inputValue()).toBe(certNo);
  await on.getByLabel('企业名称或统一社会信用代码').fill(company);
  await on.getByRole('button', { name: /查\s*询/ }).click();
  const result = on.getByTestId('check-result').locator('.ant-result-title');
  await result.waitFor();
  return (await result.textContent()) ?? '';
}

describe('信用评价：评审、公示与证书', () => {
  const REASON = '第3项评分依据不足，请复核';
  let token = '';
  let applicationId = '';
  let batchId = '';
  let certNo = '';

  beforeAll(async () => {
    token = await staffToken(server);
    const [application] = await server.sql<{ id: string; batch_id: string; state: string }>(
      'SELECT id, batch_id, state FROM xypj_application WHERE credit_code = $1',
      [COMPANY.creditCode],
    );
    expect(application?.state).toBe('accepted');
    applicationId = application!.id;
    batchId = application!.batch_id;
  }, 30_000);

  it('three experts score the accepted application; one sheet is sent back and resubmitted; the office confirms the review', async () => {
    const experts = await server.sql<{ id: string; username: string }>(
      "SELECT id, username FROM xypj_expert WHERE username IN ('expert', 'reviewer2', 'reviewer3') ORDER BY username",
    );
    const assigned = await staffCall(token, 'POST', '/xypj/application/assign', { id: applicationId, expertIds: experts.map((e) => e.id) });
    expect(assigned.success, assigned.message).toBe(true);
    for (const expert of experts) await expectNotice(expertOf(expert.username), '新的评审任务', COMPANY.name);
    for (const [k, expert] of experts.entries())
      await as(expert.username, (on) => scoreSheet(on, server, COMPANY.name, String(8 + k * 0.5)));

    const [second] = await server.sql<{ id: string }>(
      "SELECT s.id FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE s.application_id = $1 AND e.username = 'reviewer2'",
      [applicationId],
    );
    expect((await staffCall(token, 'POST', '/xypj/scoreSheet/sendBack', { id: second!.id, reason: REASON })).success).toBe(true);
    await expectNotice(expertOf('reviewer2'), '评分表已退回', REASON);
    await as('reviewer2', async (on) => {
      await bellShows(on, '评分表已退回');
      await scoreSheet(on, server, COMPANY.name, '9', REASON);
    });

    const totals = await server.sql<{ username: string; total: string; state: string }>(
      'SELECT e.username, s.total, s.state FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE s.application_id = $1 ORDER BY e.username',
      [applicationId],
    );
    expect(totals.map((t) => [t.username, Number(t.total), t.state])).toEqual([
      ['expert', 64, 'submitted'],
      ['reviewer2', 72, 'submitted'],
      ['reviewer3', 72, 'submitted'],
    ]);
    const reviewed = await staffCall(token, 'POST', '/xypj/application/review', { id: applicationId });
    expect(reviewed.success, reviewed.message).toBe(true);
    const [result] = await server.sql<{ avg_score: string; deduction: string; final_score: string; grade: string }>(
      'SELECT avg_score, deduction, final_score, grade FROM xypj_result WHERE application_id = $1',
      [applicationId],
    );
    // totals 64, 72 (resubmitted) and 72: mean 69.3, less the 2 points of this year's bad-behaviour record
    expect([Number(result!.avg_score), Number(result!.deduction), Number(result!.final_score)]).toEqual([69.3, 2, 67.3]);
    expect(result!.grade).toBe('B');
  }, 150_000);

  it('in 评价批次 the office tries each move too early and reads what stops it, closes the window early, withdraws the unfinished applications and publishes', async () => {
    const office = (await newPage(browser)).page;
    const batch = async () => (await server.sql<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM xypj_batch WHERE id = $1`, [batchId]))[0]!;
    const appsIn = (state: string) =>
      server.sql<{ id: string; company_name: string }>(
        'SELECT id, company_name FROM xypj_application WHERE batch_id = $1 AND state = $2 ORDER BY submit_time ASC NULLS LAST, id ASC',
        [batchId, state],
      );
    const moved = (to: string) => office.locator('.ant-message').getByText(`批次已变更为「${to}」`).first().waitFor();
    try {
      await signIn(office, server, 'staff', DEMO_PASSWORD);
      await chooseTenantAndDepartment(office);
      await office.waitForURL('**/dashboard/analysis');
      let now = await batch();

      if (now.state === 'open') {
        const box = await openMove(office, server, now, '进入评审');
        await expect
          .poll(() => moveBlockers(box).allTextContents())
          .toEqual([`申报期尚未结束（${now.apply_end}截止），如需提前截止申报请填写原因`]);
        expect(await okButton(box).isDisabled()).toBe(true);
        await box.getByRole('checkbox', { name: '提前截止申报' }).check();
        await box.getByLabel('提前截止申报的原因').fill('主管部门要求提前评审');
        await okButton(box).click();
        await moved('评审中');
        now = await batch();
      }

      if (now.state === 'reviewing') {
        const expected: string[] = [];
        for (const [state, what] of UNFINISHED_WHAT) {
          const apps = await appsIn(state);
          if (apps.length)
            expected.push(
              countedBlocker(
                apps.map((a) => a.company_name),
                what,
              ),
            );
        }
        expect(expected.length).toBeGreaterThan(0);
        let box = await openMove(office, server, now, '开始公示');
        await expect.poll(() => moveBlockers(box).allTextContents()).toEqual(expected);
        expect(await okButton(box).isDisabled()).toBe(true);
        await keepScreenshot(office, 'cycle-publicity-blocked');
        await box.getByRole('button', { name: /取\s*消/ }).click();

        // 评审复核 lists the scored applications: the office withdraws one there, the others through the API
        const [scored] = await appsIn('scored');
        await office.goto(`${server.baseUrl}/xypj/scoreReview`);
        await office
          .locator('tr.ant-table-row')
          .filter({ hasText: scored!.company_name })
          .first()
          .getByText('撤回', { exact: true })
          .click();
        const reasonBox = office.locator('.ant-modal-content').filter({ has: office.locator('.ant-modal-title', { hasText: '撤回申报' }) });
        await reasonBox.getByPlaceholder('请输入撤回原因').fill('企业申请撤回');
        await okButton(reasonBox).click();
        await expect
          .poll(
            async () => (await server.sql<{ state: string }>('SELECT state FROM xypj_application WHERE id = $1', [scored!.id]))[0]?.state,
          )
          .toBe('withdrawn');
        for (const a of await appsIn('submitted'))
          expect((await staffCall(token, 'POST', '/xypj/application/return', { id: a.id, reason: '材料不全' })).success).toBe(true);
        for (const state of ['accepted', 'assigned', 'scored'])
          for (const a of await appsIn(state))
            expect((await staffCall(token, 'POST', '/xypj/application/withdraw', { id: a.id, reason: '企业申请撤回' })).success).toBe(true);

        box = await openMove(office, server, now, '开始公示');
        await expect.poll(() => moveEffects(box).count()).toBeGreaterThan(0);
        expect(await moveBlockers(box).count()).toBe(0);
        await okButton(box).click();
        await moved('公示中');
        now = await batch();
      }
      await expectNotice(COMPANY, '信用评价结果公示', '信用等级B');

      const visitor = (await newPage(browser)).page;
      await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
      await visitor.getByPlaceholder('企业名称或统一社会信用代码').fill(COMPANY.creditCode);
      await visitor.getByPlaceholder('企业名称或统一社会信用代码').press('Enter');
      const listed = visitor.locator('tr.ant-table-row').filter({ hasText: COMPANY.name });
      await expect.poll(() => listed.textContent()).toMatch(/公示期满后颁发|XYPJ-/);
      await keepScreenshot(visitor, 'cycle-public-result-list');
      await visitor.close();

      if (now.state === 'publicity') {
        let box = await openMove(office, server, now, '发布结果');
        await expect.poll(() => moveBlockers(box).allTextContents()).toEqual([`公示期尚未结束（${now.publicity_end}截止）`]);
        expect(await okButton(box).isDisabled()).toBe(true);
        await keepScreenshot(office, 'cycle-publish-blocked');
        await box.getByRole('button', { name: /取\s*消/ }).click();

        // the office records the year's real windows, all past: publication may follow the publicity window
        const day = async (offset: number) =>
          (
            await server.sql<{ d: string }>("SELECT to_char((now() at time zone 'Asia/Shanghai')::date + $1::int, 'YYYY-MM-DD') AS d", [
              offset,
            ])
          )[0]!.d;
        await editBatchWindows(office, server, now.name, {
          申报时间: [null, await day(-7)],
          评审时间: [await day(-6), await day(-4)],
          公示时间: [await day(-3), await day(-1)],
        });
        now = await batch();
        expect(now.publicity_end).toBe(await day(-1));
        box = await openMove(office, server, now, '发布结果');
        await expect.poll(() => moveEffects(box).count()).toBeGreaterThan(0);
        expect(await moveBlockers(box).count()).toBe(0);
        await okButton(box).click();
        await moved('已发布');
      }
      const [cert] = await server.sql<{ cert_no: string }>('SELECT cert_no FROM xypj_certificate WHERE credit_code = $1', [
        COMPANY.creditCode,
      ]);
      expect(cert!.cert_no).toMatch(/^XYPJ-\d{4}-\d{5}$/);
      await expectNotice(COMPANY, '信用评价结果已发布', '信用等级为B');
      await expectNotice(COMPANY, '信用等级证书已颁发', cert!.cert_no);
    } catch (error) {
      await keepScreenshot(office, `cycle-office-failed-${++attempt}`);
      throw error;
    } finally {
      await office.close();
    }
  }, 120_000);

  it('the company downloads its certificate from 我的证书 as XYPJ-….pdf, signed, with its text and QR code', async () => {
    const [cert] = await server.sql<{ cert_no: string; grade: string }>(
      'SELECT cert_no, grade FROM xypj_certificate WHERE credit_code = $1',
      [COMPANY.creditCode],
    );
    certNo = cert!.cert_no;
    await page.goto(`${server.baseUrl}/xypj/history`);
    const history = page.locator('tr.ant-table-row').filter({ hasText: certNo });
    await history.waitFor();
    expect(await history.textContent()).toContain('B');

    await page.goto(`${server.baseUrl}/xypj/myCertificate`);
    const mine = page.locator('tr.ant-table-row').filter({ hasText: certNo });
    const [download] = await Promise.all([page.waitForEvent('download'), mine.getByText('下载证书').click()]);
    expect(download.suggestedFilename()).toBe(`${certNo}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(verifyPdfSignature(pdf)).toMatchObject({ valid: true, coversFile: true, signer: 'XYPJ Test Issuer' });
    // a blank page: the app's content security policy would stop pdfjs' blob modules
    const reader = (await newPage(browser, { width: 1300, height: 1800 })).page;
    const rendered = await renderPdf(reader, pdf, 2);
    await reader.close();
    expect(rendered.text).toContain(certNo);
    expect(rendered.text).toContain(COMPANY.name);
    expect(rendered.text).toContain(cert!.grade);
    expect(jsQR(rendered.rgba, rendered.width, rendered.height)?.data).toBe(`${server.baseUrl}/xypj/checkzs?no=${certNo}`);
  }, 60_000);

  it('the public check answers 有效, and 已撤销 once the office revokes the certificate, as does the public list', async () => {
    const [cert] = await server.sql<{ id: string; cert_no: string }>('SELECT id, cert_no FROM xypj_certificate WHERE credit_code = $1', [
      COMPANY.creditCode,
    ]);
    certNo = cert!.cert_no;
    const visitor = (await newPage(browser)).page;
    expect(await checkCertificate(visitor, certNo, '演示监理企业有限公司')).toBe('未找到');
    const [{ status } = { status: '' }] = await server.sql<{ status: string }>('SELECT status FROM xypj_certificate WHERE id = $1', [
      cert!.id,
    ]);
    if (status === 'valid') {
      expect(await checkCertificate(visitor, certNo, COMPANY.name)).toBe('有效');
      expect((await staffCall(token, 'POST', '/xypj/certificate/revoke', { id: cert!.id, reason: '经核查存在严重不良行为' })).success).toBe(
        true,
      );
    }
    expect(await checkCertificate(visitor, certNo, COMPANY.creditCode)).toBe('已撤销');
    await keepScreenshot(visitor, 'cycle-check-revoked');
    await expectNotice(COMPANY, '信用等级证书已撤销', '经核查存在严重不良行为');

    await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
    await visitor.getByPlaceholder('企业名称或统一社会信用代码').fill(COMPANY.creditCode);
    await visitor.getByPlaceholder('企业名称或统一社会信用代码').press('Enter');
    await visitor.locator('tr.ant-table-row').filter({ hasText: certNo }).getByTestId('cert-state').getByText('已撤销').waitFor();
    await keepScreenshot(visitor, 'cycle-public-list-revoked');
    await visitor.close();
  }, 60_000);
});
