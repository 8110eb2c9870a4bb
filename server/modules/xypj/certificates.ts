import { sql } from 'kysely';
import { newId } from '../../core/ids';
import type { Db } from '../../db/types';
import { officeToday } from './caller';

/** How long a certificate is valid. */
export const CERT_VALID_YEARS = 2;

export const certNumber = (year: number, sequence: number) => `XYPJ-${year}-${String(sequence).padStart(5, '0')}`;

/** yyyy-MM-dd plus whole years (29 February falls back to 28 February). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/**
 * Takes `count` consecutive sequence numbers of a year's certificates inside the caller's transaction:
 * the year's counter row is created when missing, then locked (SELECT … FOR UPDATE), so a second
 * publication of the same year waits until this one commits or rolls back, and numbers stay unique
 * and gap-free. Returns the first number taken.
 */
export async function takeCertSequence(tx: Db, year: number, count: number): Promise<number> {
  await sql`insert into xypj_cert_counter (year, last_no) values (${year}, 0) on conflict (year) do nothing`.execute(tx);
  const res = await sql<{ last_no: number }>`select last_no from xypj_cert_counter where year = ${year} for update`.execute(tx);
  const last = Number(res.rows[0]!.last_no);
  await sql`update xypj_cert_counter set last_no = ${last + count} where year = ${year}`.execute(tx);
  return last + 1;
}

interface ResultRow {
  id: string;
  company_id: string;
  company_name: string | null;
  credit_code: string | null;
  grade: string | null;
  application_id: string;
}

/**
 * Publication of a batch, in the caller's transaction: results final (publishedAt), their applications
 * `published`, ranks filled where missing, and one valid certificate per result without one, numbered
 * `XYPJ-{batch year}-{00001…}` in ranking order (the result keeps certNo and certificateId).
 * Returns how many certificates were issued.
 */
export async function publishBatchResults(tx: Db, batchId: string, by: string, today = officeToday(), now = new Date()): Promise<number> {
  const batch = await sql<{ year: number }>`select year from xypj_batch where id = ${batchId}`.execute(tx);
  const year = Number(batch.rows[0]?.year ?? today.slice(0, 4));
  await fillRanks(tx, batchId);
  await sql`update xypj_result set published_at = ${now}, update_by = ${by}, update_time = ${now} where batch_id = ${batchId}`.execute(tx);
  await sql`update xypj_application set state = 'published', update_by = ${by}, update_time = ${now}
    where id in (select application_id from xypj_result where batch_id = ${batchId})`.execute(tx);
  const res = await sql<ResultRow>`select r.id, r.company_id, coalesce(c.name, r.company_name) as company_name,
      coalesce(c.credit_code, r.credit_code) as credit_code, r.grade, r.application_id
    from xypj_result r left join xypj_company c on c.id = r.company_id
    where r.batch_id = ${batchId} and not exists (select 1 from xypj_certificate k where k.result_id = r.id)
    order by r.ranking asc nulls last, r.final_score desc nulls last, r.id asc`.execute(tx);
  if (!res.rows.length) return 0;
  const first = await takeCertSequence(tx, year, res.rows.length);
  const validUntil = addYears(today, CERT_VALID_YEARS);
  const values = res.rows.map(
    (r, i) =>
      sql`(${sql.join([newId(), certNumber(year, first + i), r.id, batchId, r.company_id, r.company_name, r.credit_code, r.grade, today, validUntil, 'valid', by, now])})`,
  );
  await sql`insert into xypj_certificate (id, cert_no, result_id, batch_id, company_id, company_name, credit_code, grade, issue_date, valid_until, status, create_by, create_time)
    values ${sql.join(values)}`.execute(tx);
  await sql`update xypj_result r set cert_no = k.cert_no, certificate_id = k.id from xypj_certificate k
    where k.result_id = r.id and r.batch_id = ${batchId} and r.certificate_id is null`.execute(tx);
  return res.rows.length;
}

/** Rank in batch by final score (equal scores share a rank: 1, 2, 2, 4), for results the review left unranked. */
export async function fillRanks(tx: Db, batchId: string): Promise<void> {
  const missing = await sql`select 1 as one from xypj_result where batch_id = ${batchId} and ranking is null limit 1`.execute(tx);
  if (!missing.rows.length) return;
  await sql`update xypj_result r set ranking = x.rk from (
      select id, rank() over (order by final_score desc nulls last) as rk from xypj_result where batch_id = ${batchId}
    ) x where r.id = x.id`.execute(tx);
}
