import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePushData, pushSignature } from '../../server/modules/xypj/push-login-route';
import { DEMO_REVOKE_REASON } from '../../server/modules/xypj/seed-published';
import type { Db } from '../../server/db/types';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, seeded, type Caller } from './support/xypj';

const PUSH_KEY = 'test-platform-push-key';

/** A batch of `year` in publicity with reviewed results of the given companies (written as the scoring work does). */
async function batchWithResults(db: Db, tag: string, year: number, companies: number[]): Promise<string> {
  const batchId = `b_${tag}`;
  // a publicity window that has ended: 发布结果 waits for its end
  await sql`insert into xypj_batch (id, name, year, apply_start, apply_end, publicity_start, publicity_end, criteria_id, experts_per_application, state, create_by, create_time)
    values (${batchId}, ${`测试批次${tag}`}, ${year}, ${`${year}-03-01`}, ${`${year}-04-01`}, '2020-01-01', '2020-01-10', 'xypj_criteria_001', 3, 'publicity', 'test', ${new Date()})`.execute(
    db,
  );
  for (const [i, n] of companies.entries()) {
    const companyId = seeded.company(n);
    const co = (
      await sql<{ name: string; credit_code: string }>`select name, credit_code from xypj_company where id = ${companyId}`.execute(db)
    ).rows[0]!;
    const appId = `a_${tag}_${n}`;
    await sql`insert into xypj_application (id, batch_id, company_id, company_name, credit_code, state, create_by, create_time)
      values (${appId}, ${batchId}, ${companyId}, ${co.name}, ${co.credit_code}, 'reviewed', 'test', ${new Date()})`.execute(db);
    await sql`insert into xypj_result (id, batch_id, application_id, company_id, company_name, credit_code, eval_year, final_score, grade, ranking, create_by, create_time)
      values (${`r_${tag}_${n}`}, ${batchId}, ${appId}, ${companyId}, ${co.name}, ${co.credit_code}, ${year}, ${90 - i}, 'AA', ${i + 1}, 'test', ${new Date()})`.execute(
      db,
    );
  }
  return batchId;
}

describe.each(backends())('publication, certificates and public pages on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;
  const anonymous = () => caller(t);
  const own = seeded.company(1);
  let lastYear: number;

  beforeAll(async () => {
    t = await startTestApp(backend, { platformPushKey: PUSH_KEY });
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
    lastYear = (await staff.get('/xypj/batch/current')).result.year - 1;
  });
  afterAll(() => t?.close());

  it("the seed publishes last year's batch: results, certificates numbered from 00001, one revoked", async () => {
    const certs = (await staff.get(`/xypj/certificate/list?batchId=${seeded.batch(lastYear)}&pageSize=100&column=certNo&order=asc`)).result
      .records;
    expect(certs.length).toBe(13);
    expect(certs.map((c: { certNo: string }) => c.certNo).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => `XYPJ-${lastYear}-${String(i + 1).padStart(5, '0')}`),
    );
    expect(certs.filter((c: { status: string }) => c.status === 'revoked')).toMatchObject([{ revokeReason: DEMO_REVOKE_REASON }]);
    const apps = await sql<{
      state: string;
    }>`select distinct state from xypj_application where batch_id = ${seeded.batch(lastYear)}`.execute(t.db);
    expect(apps.rows).toEqual([{ state: 'published' }]);
  });

  it('a company reads only its own results and certificates; an expert no results; the PDF only of its own', async () => {
    const results = (await company.get('/xypj/result/list')).result;
    expect(results.total).toBe(1);
    expect(results.records[0]).toMatchObject({ companyId: own, batchId: seeded.batch(lastYear) });
    const mine = (await company.get('/xypj/certificate/list')).result.records;
    expect(mine).toHaveLength(1);
    expect(results.records[0]).toMatchObject({ certNo: mine[0].certNo, certificateId: mine[0].id });
    const other = (await staff.get(`/xypj/certificate/list?companyId=${seeded.company(2)}`)).result.records[0];
    expect(await company.get(`/xypj/certificate/queryById?id=${other.id}`)).toMatchObject({
      success: false,
      message: '只能查看和下载本单位的证书',
    });
    const otherResult = (await staff.get(`/xypj/result/list?companyId=${seeded.company(2)}`)).result.records[0];
    expect(await company.get(`/xypj/result/queryById?id=${otherResult.id}`)).toMatchObject({
      success: false,
      message: '只能查看本单位的评价结果',
    });
    expect((await expert.get('/xypj/result/list')).result?.total ?? 0).toBe(0);

    const pdf = (id: string, token?: string) =>
      t.request({ method: 'GET', url: `/api/xypj/certificate/pdf/${id}`, ...(token ? { token } : {}) });
    const refused = await pdf(other.id, await t.login('company'));
    expect(refused.json()).toMatchObject({ success: false, message: '只能查看和下载本单位的证书' });
    expect((await pdf(other.id)).statusCode).toBe(401);
    const res = await pdf(mine[0].id, await t.login('company'));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeLessThan(200_000);
    expect((await pdf(other.id, await t.login('staff'))).headers['content-type']).toBe('application/pdf');
  });

  it('two batches of one year published at once get unique, gap-free certificate numbers', async () => {
    const year = 2031;
    const a = await batchWithResults(t.db, 'x', year, [2, 3, 4, 5, 6]);
    const b = await batchWithResults(t.db, 'y', year, [7, 8, 9, 10]);
    const moves = await Promise.all([a, b].map((id) => staff.post('/xypj/batch/transition', { id, to: 'published' })));
    expect(moves.map((m) => m.success)).toEqual([true, true]);
    expect(moves.map((m) => m.message).sort()).toEqual(['批次已变更为「已发布」，已颁发4张证书', '批次已变更为「已发布」，已颁发5张证书']);
    const rows = await sql<{ cert_no: string; batch_id: string; issue_date: unknown; valid_until: unknown; status: string }>`
      select cert_no, batch_id, issue_date, valid_until, status from xypj_certificate where cert_no like ${`XYPJ-${year}-%`} order by cert_no`.execute(
      t.db,
    );
    expect(rows.rows.map((r) => r.cert_no)).toEqual(Array.from({ length: 9 }, (_, i) => `XYPJ-${year}-${String(i + 1).padStart(5, '0')}`));
    // each batch's numbers are consecutive: one publication took its block while the other waited
    for (const batch of [a, b]) {
      const seq = rows.rows.filter((r) => r.batch_id === batch).map((r) => Number(r.cert_no.slice(-5)));
      expect(seq[seq.length - 1]! - seq[0]!).toBe(seq.length - 1);
    }
    expect(new Set(rows.rows.map((r) => r.status))).toEqual(new Set(['valid']));
    const published = await sql<{ state: string }>`select distinct state from xypj_application where batch_id in (${a}, ${b})`.execute(
      t.db,
    );
    expect(published.rows).toEqual([{ state: 'published' }]);
    const results = await sql<{
      n: number;
    }>`select count(*)::int as n from xypj_result where batch_id in (${a}, ${b}) and published_at is null`.execute(t.db);
    expect(results.rows[0]!.n).toBe(0);
  });

  it('staff revoke with a reason; a company cannot; a revoked certificate stays revoked', async () => {
    const cert = (await staff.get(`/xypj/certificate/list?companyId=${seeded.company(3)}&batchId=b_x`)).result.records[0];
    expect(await company.status('POST', '/xypj/certificate/revoke', { id: cert.id, reason: 'x' })).toBe(403);
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id })).toMatchObject({ success: false, message: '撤销原因不能为空' });
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id, reason: '存在严重不良行为' })).toMatchObject({
      success: true,
      message: `证书${cert.certNo}已撤销`,
    });
    expect((await staff.get(`/xypj/certificate/queryById?id=${cert.id}`)).result).toMatchObject({
      status: 'revoked',
      revokeReason: '存在严重不良行为',
    });
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id, reason: '再次' })).toMatchObject({
      success: false,
      message: `证书${cert.certNo}已撤销`,
    });
    expect(await staff.post('/xypj/certificate/add', { certNo: 'XYPJ-2031-99999', resultId: 'x', companyId: own })).toMatchObject({
      success: false,
    });
    expect(await staff.put('/xypj/certificate/edit', { id: cert.id, status: 'valid' })).toMatchObject({ success: false });
  });

  it('public: batches and results without sign-in, only company, credit code, grade and certificate number', async () => {
    const batches = (await anonymous().get('/xypj/public/batches')).result;
    expect(batches.map((b: { id: string }) => b.id)).toContain(seeded.batch(lastYear));
    expect(Object.keys(batches[0]).sort()).toEqual([
      'id',
      'name',
      'publicityEnd',
      'publicityStart',
      'publishedDate',
      'state',
      'stateText',
      'year',
    ]);
    const list = (await anonymous().get(`/xypj/public/resultList?batchId=${seeded.batch(lastYear)}&pageSize=5&pageNo=1`)).result;
    expect(list).toMatchObject({ total: 13, size: 5, current: 1, pages: 3 });
    expect(list.records).toHaveLength(5);
    for (const r of list.records)
      expect(Object.keys(r).sort()).toEqual(['certNo', 'certState', 'certStateText', 'companyName', 'creditCode', 'grade']);
    const byName = (
      await anonymous().get(`/xypj/public/resultList?batchId=${seeded.batch(lastYear)}&keyword=${encodeURIComponent('演示监理')}`)
    ).result;
    expect(byName.records).toMatchObject([{ companyName: '演示监理企业有限公司' }]);
    const code = byName.records[0].creditCode;
    expect(
      (await anonymous().get(`/xypj/public/resultList?batchId=${seeded.batch(lastYear)}&keyword=${code.toLowerCase()}`)).result.records,
    ).toHaveLength(1);
    expect(await anonymous().get(`/xypj/public/resultList?batchId=${seeded.batch(lastYear + 1)}`)).toMatchObject({
      success: false,
      message: '该批次的评价结果尚未公示',
    });
    expect(await anonymous().status('GET', '/xypj/result/list')).toBe(401);
    expect(await anonymous().status('GET', '/xypj/certificate/list')).toBe(401);
  });

  it('certificate check: valid, revoked, expired; a right number with a wrong company reveals nothing', async () => {
    const mine = (await company.get('/xypj/certificate/list')).result.records[0];
    const check = async (certNo: string, who: string) =>
      (await anonymous().get(`/xypj/public/checkCertificate?certNo=${encodeURIComponent(certNo)}&company=${encodeURIComponent(who)}`))
        .result;
    expect(await check(mine.certNo, '演示监理企业有限公司')).toMatchObject({
      result: 'valid',
      resultText: '有效',
      certNo: mine.certNo,
      grade: mine.grade,
      validUntil: mine.validUntil,
    });
    expect(await check(mine.certNo.toLowerCase(), mine.creditCode)).toMatchObject({ result: 'valid' });
    expect(await check(mine.certNo, '遵义建设工程监理有限公司')).toEqual({ result: 'notFound', resultText: '未找到' });
    expect(await check(mine.certNo, '演示')).toEqual({ result: 'notFound', resultText: '未找到' });
    expect(await check('XYPJ-1999-00001', mine.creditCode)).toEqual({ result: 'notFound', resultText: '未找到' });
    const revoked = (await staff.get(`/xypj/certificate/list?status=revoked&batchId=${seeded.batch(lastYear)}`)).result.records[0];
    expect(await check(revoked.certNo, revoked.creditCode)).toMatchObject({ result: 'revoked', resultText: '已撤销' });
    await sql`update xypj_certificate set valid_until = ${'2020-01-01'} where id = ${mine.id}`.execute(t.db);
    expect(await check(mine.certNo, mine.creditCode)).toMatchObject({ result: 'expired', resultText: '已过期' });
    await sql`update xypj_certificate set valid_until = ${mine.validUntil} where id = ${mine.id}`.execute(t.db);
    expect(await anonymous().get('/xypj/public/checkCertificate?certNo=XYPJ-1')).toMatchObject({
      success: false,
      message: '请输入企业名称或统一社会信用代码',
    });
  });

  const push = (payload: object, key = PUSH_KEY) => {
    const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return anonymous().get(`/sys/outuserdlzc/getdwcode?data=${data}&datakey=${pushSignature(data, key)}`);
  };
  const nonce = () => `n${Math.random().toString(36).slice(2)}${Date.now()}`;

  it('push sign-in: a good payload signs the company in once; tampered, expired and replayed ones sign nobody in', async () => {
    const code = (await company.get('/xypj/company/mine')).result.creditCode;
    const payload = { dwcode: code, ts: Date.now(), nonce: nonce() };
    const data = encodePushData(payload);
    const url = `/sys/outuserdlzc/getdwcode?data=${data}&datakey=${pushSignature(data, PUSH_KEY)}`;
    const good = await anonymous().get(url);
    expect(good).toMatchObject({ success: true, result: { userInfo: { username: 'company' } } });
    expect((await caller(t, good.result.token).get('/xypj/company/mine')).result.id).toBe(own);
    expect(await anonymous().get(url)).toMatchObject({ success: false, message: '推送登录请求已使用，请从平台重新进入' });

    const fresh = encodePushData({ ...payload, nonce: nonce() });
    const tampered = encodePushData({ ...payload, dwcode: seeded.company(2), nonce: nonce() });
    expect(await anonymous().get(`/sys/outuserdlzc/getdwcode?data=${tampered}&datakey=${pushSignature(fresh, PUSH_KEY)}`)).toMatchObject({
      success: false,
      message: '推送登录签名校验失败',
    });
    expect(await push({ ...payload, nonce: nonce() }, 'wrong-key')).toMatchObject({ success: false, message: '推送登录签名校验失败' });
    expect(await anonymous().get(`/sys/outuserdlzc/getdwcode?data=${fresh}`)).toMatchObject({
      success: false,
      message: '推送登录参数不完整',
    });
    expect(await push({ ...payload, ts: Date.now() - 6 * 60_000, nonce: nonce() })).toMatchObject({
      success: false,
      message: '推送登录已过期，请从平台重新进入',
    });
    expect(await push({ ...payload, nonce: 'x' })).toMatchObject({ success: false, message: '推送登录数据格式不正确' });
    expect(await push({ dwcode: '91350100M000100Y43', ts: Date.now(), nonce: nonce() })).toMatchObject({
      success: false,
      message: '未找到该统一社会信用代码对应的企业，请先注册',
    });
    await sql`update xypj_company set status = 'frozen' where id = ${own}`.execute(t.db);
    expect(await push({ ...payload, nonce: nonce() })).toMatchObject({ success: false, message: '企业已被冻结，请联系协会工作人员' });
    await sql`update xypj_company set status = 'pending' where id = ${own}`.execute(t.db);
    expect(await push({ ...payload, nonce: nonce() })).toMatchObject({
      success: false,
      message: '企业注册信息正在审核中，审核通过后即可登录',
    });
    await sql`update xypj_company set status = 'approved' where id = ${own}`.execute(t.db);
    // the used nonce is kept in the database, so another server instance refuses the replay too
    const used = await sql<{ nonce: string }>`select nonce from xypj_push_nonce where nonce = ${payload.nonce}`.execute(t.db);
    expect(used.rows).toHaveLength(1);
  });
});

describe('certificate check rate limit and an unconfigured push key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      rateLimits: {
        login: { max: 1000, windowMs: 60_000 },
        captcha: { max: 1000, windowMs: 60_000 },
        sms: { max: 1000, windowMs: 60_000 },
        register: { max: 1000, windowMs: 60_000 },
        certCheck: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 429 after the window is used up, per client address', async () => {
    const check = () => t.request({ method: 'GET', url: '/api/xypj/public/checkCertificate?certNo=XYPJ-2020-00001&company=x' });
    for (let i = 0; i < 3; i++) expect((await check()).json()).toMatchObject({ success: true, result: { result: 'notFound' } });
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
  });

  it('push sign-in is refused while PLATFORM_PUSH_KEY is not set', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/outuserdlzc/getdwcode?data=abc&datakey=def' });
    expect(res.json()).toMatchObject({ success: false, message: '未配置平台推送密钥' });
  });
});
