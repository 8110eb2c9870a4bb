import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { FastifyInstance } from 'fastify';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/forms';
import { sealPng, throwawayP12, verifyPdfSignature } from './support/pdf-signature';
import { caller, seeded, type Caller } from './support/xypj';

interface PublicRow {
  companyName: string;
  certNo: string | null;
  certState: string | null;
  certStateText: string | null;
}

describe.each(backends())('public result list, cache and revocation on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let lastYear: number;
  let listUrl: string;

  beforeAll(async () => {
    // the public answers come from the read cache, as in production
    t = await startTestApp(backend, { cacheTtlMs: 30_000 });
    staff = caller(t, await t.login('staff'));
    lastYear = (await staff.get('/xypj/batch/current')).result.year - 1;
    listUrl = `/api/xypj/public/resultList?batchId=${seeded.batch(lastYear)}&pageSize=100`;
  });
  afterAll(() => t?.close());

  const publicList = async (url = listUrl, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
  const rows = async () => (await publicList()).json().result.records as PublicRow[];

  it('marks the revoked certificate 已撤销 as the check page does, the others 有效', async () => {
    const list = await rows();
    const revoked = (await staff.get(`/xypj/certificate/list?status=revoked&batchId=${seeded.batch(lastYear)}`)).result.records[0];
    expect(list.find((r) => r.certNo === revoked.certNo)).toMatchObject({ certState: 'revoked', certStateText: '已撤销' });
    const check = (
      await caller(t).get(`/xypj/public/checkCertificate?certNo=${revoked.certNo}&company=${encodeURIComponent(revoked.creditCode)}`)
    ).result;
    expect(check.resultText).toBe('已撤销');
    expect(list.filter((r) => r.certState === 'valid')).toHaveLength(12);
  });

  it('after publication the batch carries its publication date (the publicity window stays for the record)', async () => {
    const batch = (await caller(t).get('/xypj/public/batches')).result.find((b: { id: string }) => b.id === seeded.batch(lastYear));
    expect(batch).toMatchObject({ state: 'published', publishedDate: `${lastYear}-07-20` });
    expect((await publicList()).json().result.batch.publishedDate).toBe(`${lastYear}-07-20`);
  });

  it('answers with an ETag and Cache-Control, and 304 to If-None-Match', async () => {
    const first = await publicList();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const again = await publicList(listUrl, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // cached: the same bytes, even though a row changed behind the API's back
    await sql`update xypj_result set company_name = company_name where batch_id = ${seeded.batch(lastYear)}`.execute(t.db);
    expect((await publicList()).body).toBe(first.body);
    // rebuilt (after the TTL or any write elsewhere) with the same content: same ETag, so revalidations stay 304
    t.app.deps.cache.invalidateAll();
    expect((await publicList(listUrl, { 'if-none-match': etag })).statusCode).toBe(304);
    const batches = await publicList('/api/xypj/public/batches');
    expect(batches.headers.etag).toBeTruthy();
    expect((await publicList('/api/xypj/public/batches', { 'if-none-match': String(batches.headers.etag) })).statusCode).toBe(304);
  });

  it('revoking a certificate shows in the public list at once, with a new ETag', async () => {
    const before = await publicList();
    const cert = (await staff.get(`/xypj/certificate/list?status=valid&batchId=${seeded.batch(lastYear)}`)).result.records[0];
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id, reason: '公示结果有误' })).toMatchObject({ success: true });
    const after = await publicList(listUrl, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json().result.records as PublicRow[]).find((r) => r.certNo === cert.certNo)).toMatchObject({ certStateText: '已撤销' });
  });

  it('publishing a batch shows at once: certificate numbers and the publication date replace the publicity notice', async () => {
    const batchId = 'b_trust_pub';
    await sql`insert into xypj_batch (id, name, year, apply_start, apply_end, publicity_start, publicity_end, criteria_id, experts_per_application, state, create_by, create_time)
      values (${batchId}, '2032年度测试批次', 2032, '2032-03-01', '2032-04-01', '2020-01-01', '2020-01-10', 'xypj_criteria_001', 3, 'publicity', 'test', now())`.execute(
      t.db,
    );
    for (const n of [2, 3]) {
      const co = (
        await sql<{
          name: string;
          credit_code: string;
        }>`select name, credit_code from xypj_company where id = ${seeded.company(n)}`.execute(t.db)
      ).rows[0]!;
      await sql`insert into xypj_application (id, batch_id, company_id, company_name, credit_code, state, create_by, create_time)
        values (${`a_trust_${n}`}, ${batchId}, ${seeded.company(n)}, ${co.name}, ${co.credit_code}, 'reviewed', 'test', now())`.execute(
        t.db,
      );
      await sql`insert into xypj_result (id, batch_id, application_id, company_id, company_name, credit_code, eval_year, final_score, grade, ranking, create_by, create_time)
        values (${`r_trust_${n}`}, ${batchId}, ${`a_trust_${n}`}, ${seeded.company(n)}, ${co.name}, ${co.credit_code}, 2032, ${90 - n}, 'AA', ${n - 1}, 'test', now())`.execute(
        t.db,
      );
    }
    const url = `/api/xypj/public/resultList?batchId=${batchId}`;
    const inPublicity = (await publicList(url)).json().result;
    expect(inPublicity.batch).toMatchObject({ state: 'publicity', publishedDate: null, publicityEnd: '2020-01-10' });
    expect(inPublicity.records.map((r: PublicRow) => r.certNo)).toEqual([null, null]);
    // the move goes through the API, which drops the cache on every instance
    expect(await staff.post('/xypj/batch/transition', { id: batchId, to: 'published' })).toMatchObject({ success: true });
    const published = (await publicList(url)).json().result;
    expect(published.batch).toMatchObject({ state: 'published', stateText: '已发布' });
    expect(published.batch.publishedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(published.records.map((r: PublicRow) => r.certStateText)).toEqual(['有效', '有效']);
  });

  it('a keyword search is answered fresh, not from the cache', async () => {
    const url = `${listUrl}&keyword=${encodeURIComponent('演示监理')}`;
    expect((await publicList(url)).json().result.records).toHaveLength(1);
    await sql`update xypj_result set company_name = ${'改名监理企业有限公司'}, update_time = now() where batch_id = ${seeded.batch(lastYear)} and company_name = ${'演示监理企业有限公司'}`.execute(
      t.db,
    );
    await sql`update xypj_certificate set company_name = ${'改名监理企业有限公司'} where batch_id = ${seeded.batch(lastYear)} and company_name = ${'演示监理企业有限公司'}`.execute(
      t.db,
    );
    expect((await publicList(url)).json().result.records).toHaveLength(0);
  });
});

describe('two instances on one database drop their public cache together', () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp('pglite', { cacheTtlMs: 30_000 });
    second = await buildApp({ db: t.db, config: t.config, shared: t.app.deps.shared });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a revocation on one instance changes the list the other one serves', async () => {
    const staff = caller(t, await t.login('staff'));
    const lastYear = (await staff.get('/xypj/batch/current')).result.year - 1;
    const url = `/api/xypj/public/resultList?batchId=${seeded.batch(lastYear)}&pageSize=100`;
    const fromSecond = async () => (await second.inject({ method: 'GET', url })).json().result.records as PublicRow[];
    const cert = (await staff.get(`/xypj/certificate/list?status=valid&batchId=${seeded.batch(lastYear)}`)).result.records[0];
    expect((await fromSecond()).find((r) => r.certNo === cert.certNo)?.certStateText).toBe('有效');
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id, reason: '跨实例撤销' })).toMatchObject({ success: true });
    expect((await fromSecond()).find((r) => r.certNo === cert.certNo)?.certStateText).toBe('已撤销');
  });
});

describe('certificate check stays rate limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      cacheTtlMs: 30_000,
      rateLimits: {
        login: { max: 1000, windowMs: 60_000 },
        captcha: { max: 1000, windowMs: 60_000 },
        sms: { max: 1000, windowMs: 60_000 },
        register: { max: 1000, windowMs: 60_000 },
        certCheck: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 429 after the window is used up although the result list is cached', async () => {
    const check = () => t.request({ method: 'GET', url: '/api/xypj/public/checkCertificate?certNo=XYPJ-2020-00001&company=x' });
    expect((await check()).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    expect(limited.headers.etag).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/xypj/public/batches' })).statusCode).toBe(200);
  });
});

describe.each(backends())('signed certificate PDFs and the issuer seal on %s', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'xypj-sign-'));
  const { path: p12Path } = throwawayP12(dir, 'p12-test-pass');
  let t: TestApp;
  let staff: Caller;
  let companyToken: string;
  let mine: { id: string; certNo: string };

  beforeAll(async () => {
    t = await startTestApp(backend, { certSignP12: p12Path, certSignPassword: 'p12-test-pass' });
    staff = caller(t, await t.login('staff'));
    companyToken = await t.login('company');
    mine = (await caller(t, companyToken).get('/xypj/certificate/list')).result.records[0];
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = async (id: string, token: string) => t.request({ method: 'GET', url: `/api/xypj/certificate/pdf/${id}`, token });

  it('the downloaded PDF is named after the certificate and carries a PAdES signature that verifies offline', async () => {
    const res = await download(mine.id, companyToken);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${mine.certNo}.pdf"`);
    expect(mine.certNo).toMatch(/^XYPJ-\d{4}-\d{5}$/);
    const pdf = res.rawPayload;
    expect(verifyPdfSignature(pdf)).toEqual({
      valid: true,
      coversFile: true,
      subFilter: 'ETSI.CAdES.detached',
      signer: 'XYPJ Test Issuer',
      signingCertificateBound: true,
    });
    await expect(PDFDocument.load(pdf)).resolves.toBeTruthy();
  });

  it('one changed byte inside the signed range breaks the signature', async () => {
    const pdf = Buffer.from((await download(mine.id, companyToken)).rawPayload);
    const at = pdf.indexOf('信用等级证书') > 0 ? pdf.indexOf('信用等级证书') : 200;
    pdf[at] = pdf[at]! ^ 0x01;
    expect(verifyPdfSignature(pdf).valid).toBe(false);
    const other = Buffer.from((await download(mine.id, companyToken)).rawPayload);
    const end = other.length - 10;
    other[end] = other[end]! ^ 0x20;
    expect(verifyPdfSignature(other).valid).toBe(false);
  });

  it('an administrator sets the seal image; a company may not; the seal is drawn on the next certificate', async () => {
    const before = (await download(mine.id, companyToken)).rawPayload.toString('latin1');
    expect(before).not.toMatch(/\/Subtype\s*\/Image/);
    const form = multipart({ biz: 'certificate' }, [{ name: '协会印章.png', type: 'image/png', content: sealPng() }]);
    const staffToken = await t.login('staff');
    const uploaded = (
      await t.request({ method: 'POST', url: '/api/sys/common/upload', token: staffToken, payload: form.payload, headers: form.headers })
    ).json();
    expect(uploaded).toMatchObject({ success: true });
    expect(await caller(t, companyToken).status('POST', '/xypj/certificate/seal', { path: uploaded.message })).toBe(403);
    expect(
      await staff.post('/xypj/certificate/seal', { path: 'certificate/20250101/x_1700000000000abcdefabcdefabcdefab.png' }),
    ).toMatchObject({
      success: false,
      message: '印章图片不存在，请重新上传',
    });
    expect(await staff.post('/xypj/certificate/seal', { path: uploaded.message })).toMatchObject({
      success: true,
      message: '印章已保存，之后下载的证书将加盖此印章',
    });
    const shown = (await staff.get('/xypj/certificate/seal')).result;
    expect(shown).toMatchObject({ path: uploaded.message, fileName: '协会印章.png' });
    expect(shown.dataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    const after = (await download(mine.id, companyToken)).rawPayload;
    expect(after.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(verifyPdfSignature(after).valid).toBe(true);
    expect(await staff.post('/xypj/certificate/seal', { path: '' })).toMatchObject({ success: true, message: '印章已清除' });
    expect((await download(mine.id, companyToken)).rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('a text file cannot be the seal', async () => {
    const form = multipart({ biz: 'certificate' }, [{ name: 'seal.txt', type: 'text/plain', content: Buffer.from('not an image') }]);
    const uploaded = (
      await t.request({
        method: 'POST',
        url: '/api/sys/common/upload',
        token: await t.login('staff'),
        payload: form.payload,
        headers: form.headers,
      })
    ).json();
    expect(await staff.post('/xypj/certificate/seal', { path: uploaded.message })).toMatchObject({
      success: false,
      message: '印章图片只能是PNG或JPG格式',
    });
  });
});

describe('signing configuration', () => {
  it('a PKCS#12 file the password does not open stops the start with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xypj-sign-bad-'));
    const { path } = throwawayP12(dir, 'right');
    try {
      await expect(startTestApp('pglite', { certSignP12: path, certSignPassword: 'wrong' })).rejects.toThrow(
        'CERT_SIGN_P12: not a PKCS#12 file, or CERT_SIGN_PASSWORD does not open it',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without CERT_SIGN_P12 the PDF is unsigned', async () => {
    const t = await startTestApp('pglite');
    try {
      const token = await t.login('company');
      const cert = (await caller(t, token).get('/xypj/certificate/list')).result.records[0];
      const pdf = (await t.request({ method: 'GET', url: `/api/xypj/certificate/pdf/${cert.id}`, token })).rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf).not.toContain('/ByteRange');
    } finally {
      await t.close();
    }
  });
});
