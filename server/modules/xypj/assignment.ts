import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import { newId } from '../../core/ids';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { APPLICATION_STATE_TEXT } from '../../../contract/xypj-states';
import { requireRecord } from './records';

export interface ExpertRow {
  id: string;
  name: string;
  workUnit: string | null;
  status: string;
}

type Row = Record<string, JsonValue>;

/** Names compare without blanks and with half- and full-width brackets alike. */
const normalUnit = (s: unknown) =>
  String(s ?? '')
    .replace(/\s+/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toUpperCase();

/** Whether the expert works for the company itself (work unit = its name, or its credit code). */
export function isOwnUnit(expert: Pick<ExpertRow, 'workUnit'>, company: { name?: JsonValue; creditCode?: JsonValue }): boolean {
  const unit = normalUnit(expert.workUnit);
  if (!unit) return false;
  return unit === normalUnit(company.name) || (!!company.creditCode && unit === normalUnit(company.creditCode));
}

export async function allExperts(db: Db): Promise<ExpertRow[]> {
  const res = await sql<ExpertRow>`select id, name, work_unit as "workUnit", status from xypj_expert order by id`.execute(db);
  return res.rows;
}

/** How many sheets each expert holds in the batch (their load). */
export async function expertLoads(db: Db, batchId: string): Promise<Map<string, number>> {
  const res = await sql<{
    expertId: string;
    n: number | string;
  }>`select expert_id as "expertId", count(*) as n from xypj_score_sheet where batch_id = ${batchId} group by expert_id`.execute(db);
  return new Map(res.rows.map((r) => [r.expertId, Number(r.n)]));
}

async function criteriaItems(db: Db, criteriaId: string) {
  const res = await sql<{ id: string; category: string; item: string; maxScore: string; guide: string | null; orderNum: number | null }>`
    select id, category, item, max_score as "maxScore", guide, order_num as "orderNum" from xypj_criteria_item
    where criteria_id = ${criteriaId} order by order_num asc nulls last, create_time asc, id asc`.execute(db);
  return res.rows;
}

/** Why these experts cannot score this application, or null. */
export function assignmentProblem(app: Row, company: Row, experts: ExpertRow[], count: number): string | null {
  if (experts.length !== count) return `每份申报需分配${count}位专家，当前选择了${experts.length}位`;
  for (const e of experts) {
    if (e.status !== '1') return `专家${e.name}已停用，不能分配`;
    if (isOwnUnit(e, company)) return `专家${e.name}的工作单位是${String(company.name)}，不能评审本单位的申报`;
  }
  return null;
}

/**
 * Gives the application exactly these experts: a draft score sheet per expert (one row per criteria
 * item of the batch), sheets of experts no longer chosen removed; `accepted` → `assigned`. Allowed
 * while the application is accepted, or assigned with no sheet submitted yet.
 */
export async function assignExperts(db: Db, applicationId: string, expertIds: string[], username: string, now = new Date()): Promise<void> {
  const app = await requireRecord(db, 'xypj_application', applicationId);
  const state = String(app.state);
  if (state !== 'accepted' && state !== 'assigned')
    throw businessError(`只有已受理的申报可以分配专家，该申报是「${APPLICATION_STATE_TEXT[state] ?? state}」状态`);
  const batch = await requireRecord(db, 'xypj_batch', app.batchId);
  if (!['open', 'reviewing'].includes(String(batch.state)))
    throw businessError(`批次${String(batch.name)}不在申报或评审阶段，不能分配专家`);
  const company = await requireRecord(db, 'xypj_company', app.companyId);
  const ids = [...new Set(expertIds)];
  const all = await allExperts(db);
  const chosen = ids.map((id) => all.find((e) => e.id === id));
  if (chosen.some((e) => !e)) throw businessError('专家不存在');
  const experts = chosen as ExpertRow[];
  const problem = assignmentProblem(app, company, experts, Number(batch.expertsPerApplication ?? 3));
  if (problem) throw businessError(problem);
  const existing = await sql<{
    id: string;
    expertId: string;
    state: string;
  }>`select id, expert_id as "expertId", state from xypj_score_sheet where application_id = ${applicationId}`.execute(db);
  if (existing.rows.some((s) => s.state !== 'draft')) throw businessError('已有专家提交评分，不能重新分配专家');
  const keep = new Set(ids);
  const drop = existing.rows.filter((s) => !keep.has(s.expertId)).map((s) => s.id);
  if (drop.length) {
    await sql`delete from xypj_score_item where sheet_id in (${sql.join(drop)})`.execute(db);
    await sql`delete from xypj_score_sheet where id in (${sql.join(drop)})`.execute(db);
  }
  const have = new Set(existing.rows.map((s) => s.expertId));
  const items = await criteriaItems(db, String(batch.criteriaId ?? ''));
  if (!items.length) throw businessError(`批次${String(batch.name)}的评价标准没有评价项目`);
  for (const e of experts.filter((x) => !have.has(x.id))) {
    const sheetId = newId();
    await sql`insert into xypj_score_sheet (id, application_id, batch_id, company_name, expert_id, expert_name, state, total, create_by, create_time)
      values (${sheetId}, ${applicationId}, ${String(app.batchId)}, ${String(app.companyName ?? '')}, ${e.id}, ${e.name}, 'draft', null, ${username}, ${now})`.execute(
      db,
    );
    const rows = items.map(
      (it, i) =>
        sql`(${sql.join([newId(), sheetId, it.id, it.category, it.item, it.maxScore, it.guide, it.orderNum ?? i + 1, username, now])})`,
    );
    await sql`insert into xypj_score_item (id, sheet_id, criteria_item_id, category, item, max_score, guide, order_num, create_by, create_time) values ${sql.join(rows)}`.execute(
      db,
    );
  }
  const names = experts.map((e) => e.name).join('、');
  await sql`update xypj_application set state = 'assigned', expert_names = ${names.slice(0, 200)}, update_by = ${username}, update_time = ${now} where id = ${applicationId}`.execute(
    db,
  );
}

/**
 * Picks `count` experts for each application in turn: active, not of the company's own unit, the
 * least loaded first (ties by id), so loads stay within one of each other where exclusions allow.
 */
export function planAssignments(
  apps: Array<{ id: string; company: { name?: JsonValue; creditCode?: JsonValue } }>,
  experts: ExpertRow[],
  loads: Map<string, number>,
  count: number,
): { plan: Array<{ applicationId: string; expertIds: string[] }>; skipped: string[] } {
  const load = new Map(loads);
  const plan: Array<{ applicationId: string; expertIds: string[] }> = [];
  const skipped: string[] = [];
  const active = experts.filter((e) => e.status === '1');
  for (const app of apps) {
    const candidates = active
      .filter((e) => !isOwnUnit(e, app.company))
      .sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || a.id.localeCompare(b.id));
    if (candidates.length < count) {
      skipped.push(app.id);
      continue;
    }
    const picked = candidates.slice(0, count).map((e) => e.id);
    for (const id of picked) load.set(id, (load.get(id) ?? 0) + 1);
    plan.push({ applicationId: app.id, expertIds: picked });
  }
  return { plan, skipped };
}
