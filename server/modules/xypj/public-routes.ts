import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { BATCH_STATE_TEXT } from '../../../contract/xypj-states';
import { officeToday } from './caller';
import { publicAnswer, sendPublicAnswer } from './public-cache';
import { PUBLIC_BATCH_STATES } from './scopes';
import { CERTIFICATE_CHECK_QUERY, RESULT_LIST_QUERY } from './request-schemas';

type Query = Record<string, string | undefined>;

const text = (q: Query, key: string, max: number) => (typeof q[key] === 'string' ? q[key].trim().slice(0, max) : '');
const positive = (raw: string, fallback: number, max: number) =>
  /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Math.min(Number(raw), max) : fallback;
const publicStates = sql.join([...PUBLIC_BATCH_STATES]);

export const CHECK_TEXT = { valid: '有效', revoked: '已撤销', expired: '已过期', notFound: '未找到' } as const;
export type CheckResult = keyof typeof CHECK_TEXT;

interface PublicBatchRow {
  id: string;
  name: string;
  year: number;
  state: string;
  publicity_start: string | Date | null;
  publicity_end: string | Date | null;
  published_at: string | Date | null;
}

const dateText = (v: string | Date | null) =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

function batchJson(b: PublicBatchRow) {
  return {
    id: b.id,
    name: b.name,
    year: Number(b.year),
    state: b.state,
    stateText: BATCH_STATE_TEXT[b.state] ?? b.state,
    publicityStart: dateText(b.publicity_start),
    publicityEnd: dateText(b.publicity_end),
    // the office's day the results were published (null while in publicity)
    publishedDate: b.published_at === null || b.state === 'publicity' ? null : officeToday(new Date(b.published_at).getTime()),
  };
}

/** What the check page answers for a certificate: revoked, else expired after its last valid day, else valid. */
export function certificateState(status: string, validUntil: string | null, today = officeToday()): Exclude<CheckResult, 'notFound'> {
  return status === 'revoked' ? 'revoked' : validUntil && validUntil < today ? 'expired' : 'valid';
}

/** Result pages kept in the read cache: the first pages at the sizes a page offers, without a keyword. */
const CACHED_PAGE_SIZES = new Set([10, 20, 50, 100]);
const CACHED_PAGES = 20;

/**
 * The public pages' API (no sign-in): batches in publicity or later, their results (company, credit code,
 * grade, certificate number and state only) and the certificate check (rate limited per address). Batches and
 * result pages answer from the read cache with an ETag (see public-cache.ts).
 */
export function publicRoutes(api: FastifyInstance, { db, cache }: AppDeps): void {
  const batches = async (id?: string) =>
    (
      await sql<PublicBatchRow>`select id, name, year, state, publicity_start, publicity_end,
          (select max(r.published_at) from xypj_result r where r.batch_id = b.id) as published_at
        from xypj_batch b where state in (${publicStates}) ${id === undefined ? sql`` : sql`and id = ${id}`} order by year desc, create_time desc`.execute(
        db,
      )
    ).rows;

  api.get('/xypj/public/batches', { config: { public: true } }, async (request, reply) =>
    sendPublicAnswer(request, reply, await publicAnswer(cache, 'batches', async () => ok((await batches()).map(batchJson)))),
  );

  const resultPage = async (batchId: string, keyword: string, pageNo: number, pageSize: number) => {
    const batch = batchId ? (await batches(batchId))[0] : (await batches())[0];
    if (!batch) throw businessError(batchId ? '该批次的评价结果尚未公示' : '暂无公示的评价结果');
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = sql`r.batch_id = ${batch.id} ${keyword ? sql`and (r.company_name like ${like} or upper(r.credit_code) like upper(${like}))` : sql``}`;
    const total = Number(
      (await sql<{ n: string | number }>`select count(*) as n from xypj_result r where ${where}`.execute(db)).rows[0]?.n ?? 0,
    );
    const rows = await sql<{
      company_name: string | null;
      credit_code: string | null;
      grade: string | null;
      cert_no: string | null;
      status: string | null;
      valid_until: string | Date | null;
    }>`
      select coalesce(k.company_name, r.company_name) as company_name, coalesce(k.credit_code, r.credit_code) as credit_code, r.grade, k.cert_no, k.status, k.valid_until
      from xypj_result r left join xypj_certificate k on k.result_id = r.id
      where ${where} order by r.ranking asc nulls last, r.final_score desc nulls last, r.company_name asc, r.id asc
      limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(db);
    const today = officeToday();
    return ok({
      batch: batchJson(batch),
      records: rows.rows.map((r) => {
        const certState = r.cert_no && r.status ? certificateState(r.status, dateText(r.valid_until), today) : null;
        return {
          companyName: r.company_name,
          creditCode: r.credit_code,
          grade: r.grade,
          certNo: r.cert_no,
          certState,
          certStateText: certState ? CHECK_TEXT[certState] : null,
        };
      }),
      total,
      current: pageNo,
      size: pageSize,
      pages: Math.ceil(total / pageSize),
    });
  };

  api.get<{ Querystring: Query }>(
    '/xypj/public/resultList',
    { config: { public: true }, schema: RESULT_LIST_QUERY },
    async (request, reply) => {
      const q = request.query ?? {};
      const batchId = text(q, 'batchId', 64);
      const keyword = text(q, 'keyword', 100);
      const pageNo = positive(text(q, 'pageNo', 9), 1, 100_000);
      const pageSize = positive(text(q, 'pageSize', 9), 10, 100);
      const cacheable = !keyword && pageNo <= CACHED_PAGES && CACHED_PAGE_SIZES.has(pageSize);
      const answer = await publicAnswer(
        cache,
        `results:${batchId}:${pageNo}:${pageSize}`,
        () => resultPage(batchId, keyword, pageNo, pageSize),
        cacheable,
      );
      return sendPublicAnswer(request, reply, answer);
    },
  );

  api.get<{ Querystring: Query }>(
    '/xypj/public/checkCertificate',
    { config: { public: true, rateLimit: 'certCheck' }, schema: CERTIFICATE_CHECK_QUERY },
    async (request) => {
      const q = request.query ?? {};
      const certNo = text(q, 'certNo', 30).toUpperCase();
      const company = text(q, 'company', 100);
      if (!certNo) throw businessError('请输入证书编号');
      if (!company) throw businessError('请输入企业名称或统一社会信用代码');
      const res = await sql<{
        cert_no: string;
        company_name: string;
        credit_code: string;
        grade: string | null;
        issue_date: string | Date | null;
        valid_until: string | Date | null;
        status: string;
      }>`
      select cert_no, company_name, credit_code, grade, issue_date, valid_until, status from xypj_certificate
      where upper(cert_no) = ${certNo} and (company_name = ${company} or upper(credit_code) = ${company.toUpperCase()}) limit 1`.execute(
        db,
      );
      const cert = res.rows[0];
      if (!cert) return ok({ result: 'notFound' as CheckResult, resultText: CHECK_TEXT.notFound });
      const validUntil = dateText(cert.valid_until);
      const result: CheckResult = certificateState(cert.status, validUntil);
      return ok({
        result,
        resultText: CHECK_TEXT[result],
        certNo: cert.cert_no,
        companyName: cert.company_name,
        creditCode: cert.credit_code,
        grade: cert.grade,
        issueDate: dateText(cert.issue_date),
        validUntil,
      });
    },
  );
}
