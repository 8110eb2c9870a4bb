import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { notify } from './notify';

/**
 * The notices of the evaluation's state changes, one call in each route after its change is committed.
 * Each reads what its message names and never throws (see notify).
 */

interface ApplicationFacts {
  companyId: string;
  companyName: string;
  batchName: string;
}

async function applicationFacts(request: FastifyRequest, applicationId: string): Promise<ApplicationFacts | undefined> {
  const res =
    await sql<ApplicationFacts>`select a.company_id as "companyId", coalesce(a.company_name, c.name, '') as "companyName", coalesce(b.name, '') as "batchName"
    from xypj_application a left join xypj_company c on c.id = a.company_id left join xypj_batch b on b.id = a.batch_id
    where a.id = ${applicationId}`.execute(request.server.deps.db);
  return res.rows[0];
}

const quietly = async (request: FastifyRequest, work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (error) {
    request.log.warn({ err: error }, 'notice not sent');
  }
};

/** 受理 or 退回 (with its reason) of an application: its company. */
export function notifyApplicationReviewed(request: FastifyRequest, applicationId: string, reason: string | null): Promise<void> {
  return quietly(request, async () => {
    const app = await applicationFacts(request, applicationId);
    if (!app) return;
    const vars = { companyName: app.companyName, batchName: app.batchName, reason: reason ?? '' };
    await notify(request, reason === null ? 'applicationAccepted' : 'applicationReturned', { companyId: app.companyId }, vars);
  });
}

/** Experts given a sheet (of one application, or of a batch) since `since`: a reassignment tells only the experts added. */
export function notifyExpertsAssigned(
  request: FastifyRequest,
  scope: { applicationId: string } | { batchId: string },
  since: Date,
): Promise<void> {
  return quietly(request, async () => {
    const where = 'applicationId' in scope ? sql`application_id = ${scope.applicationId}` : sql`batch_id = ${scope.batchId}`;
    const res = await sql<{
      expertId: string;
      expertName: string;
      applicationId: string;
    }>`select expert_id as "expertId", expert_name as "expertName",
        application_id as "applicationId" from xypj_score_sheet
      where ${where} and create_time >= ${since} order by create_time, id`.execute(request.server.deps.db);
    for (const sheet of res.rows) {
      const app = await applicationFacts(request, sheet.applicationId);
      if (!app) continue;
      await notify(
        request,
        'expertAssigned',
        { expertId: sheet.expertId },
        { expertName: sheet.expertName, companyName: app.companyName, batchName: app.batchName },
      );
    }
  });
}

/** A score sheet sent back to its expert with the reason. */
export function notifySheetReturned(request: FastifyRequest, sheetId: string, reason: string): Promise<void> {
  return quietly(request, async () => {
    const res = await sql<{
      expertId: string;
      expertName: string;
      companyName: string;
    }>`select expert_id as "expertId", coalesce(expert_name, '') as "expertName",
        coalesce(company_name, '') as "companyName" from xypj_score_sheet where id = ${sheetId}`.execute(request.server.deps.db);
    const sheet = res.rows[0];
    if (sheet) await notify(request, 'sheetReturned', { expertId: sheet.expertId }, { ...sheet, reason });
  });
}

interface ResultFacts {
  companyId: string;
  companyName: string;
  batchName: string;
  finalScore: string | null;
  grade: string | null;
  certNo: string | null;
  validUntil: string | null;
}

/**
 * A batch moved to 公示 (each company with a result: its score and grade) or to 已发布 (each company: the
 * published result and, when one was issued, its certificate).
 */
export function notifyBatchMoved(request: FastifyRequest, batchId: string, to: string): Promise<void> {
  return quietly(request, async () => {
    if (to !== 'publicity' && to !== 'published') return;
    const res =
      await sql<ResultFacts>`select r.company_id as "companyId", coalesce(r.company_name, '') as "companyName", coalesce(b.name, '') as "batchName",
        r.final_score::text as "finalScore", r.grade, c.cert_no as "certNo", c.valid_until::text as "validUntil"
      from xypj_result r join xypj_batch b on b.id = r.batch_id left join xypj_certificate c on c.id = r.certificate_id
      where r.batch_id = ${batchId} order by r.ranking asc nulls last, r.id`.execute(request.server.deps.db);
    for (const r of res.rows) {
      const vars = {
        companyName: r.companyName,
        batchName: r.batchName,
        finalScore: r.finalScore,
        grade: r.grade,
        certNo: r.certNo,
        validUntil: r.validUntil,
      };
      if (to === 'publicity') {
        await notify(request, 'publicityStarted', { companyId: r.companyId }, vars);
        continue;
      }
      await notify(request, 'resultPublished', { companyId: r.companyId }, vars);
      if (r.certNo) await notify(request, 'certificateIssued', { companyId: r.companyId }, vars);
    }
  });
}

/** A certificate revoked, with the reason: its company. */
export function notifyCertificateRevoked(request: FastifyRequest, certificateId: string): Promise<void> {
  return quietly(request, async () => {
    const res = await sql<{ companyId: string; companyName: string; certNo: string; reason: string }>`select company_id as "companyId",
        coalesce(company_name, '') as "companyName", cert_no as "certNo", coalesce(revoke_reason, '') as reason
      from xypj_certificate where id = ${certificateId}`.execute(request.server.deps.db);
    const cert = res.rows[0];
    if (cert) await notify(request, 'certificateRevoked', { companyId: cert.companyId }, cert);
  });
}

/** An objection answered: the company that raised it (the answer text as the office wrote it). */
export function notifyObjectionAnswered(
  request: FastifyRequest,
  companyId: string,
  vars: { companyName: string; batchName: string; answer: string },
): Promise<void> {
  return quietly(request, () => notify(request, 'objectionAnswered', { companyId }, vars));
}
