import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { callerOf } from './caller';
import { notifySheetReturned } from './notify-events';
import { findRecord, requireRecord, requiredText } from './records';
import { batchClosedForReview, tenths } from './results';
import { idReasonBody, SCORE_SHEET_BODY, type IdReasonBody } from './request-schemas';

interface ScoreSheetBody {
  id?: string;
  applicationId?: string;
}

type Row = Record<string, JsonValue>;

/** Batch states in which experts score (assignment is possible from 申报中 on). */
const SCORING_BATCH_STATES = ['open', 'reviewing'];

interface ItemRow {
  id: string;
  criteriaItemId: string;
  item: string;
  maxScore: string | number;
  score: string | number | null;
}

/** Score sheets change only through 保存, 提交, 退回 and assignment, never through the entity CRUD. */
export async function scoreSheetBeforeWrite(): Promise<void> {
  throw businessError('评分表只能通过打分页面保存和提交');
}

/** The caller's own sheet, by `id` or by `applicationId`; refuses others' sheets and unassigned applications. */
async function ownSheet(db: Db, request: FastifyRequest, body: ScoreSheetBody): Promise<Row> {
  const caller = await callerOf(request, db);
  if (caller.kind !== 'expert' || !caller.expertId) throw businessError('只有评审专家可以打分');
  let sheet: Row | null = null;
  if (typeof body.id === 'string' && body.id) sheet = await requireRecord(db, 'xypj_score_sheet', body.id);
  else if (typeof body.applicationId === 'string' && body.applicationId && body.applicationId.length <= 64) {
    const res = await sql<{
      id: string;
    }>`select id from xypj_score_sheet where application_id = ${body.applicationId} and expert_id = ${caller.expertId}`.execute(db);
    if (!res.rows[0]) throw businessError('该申报未分配给您评审，不能打分');
    sheet = await findRecord(db, 'xypj_score_sheet', res.rows[0].id);
  }
  if (!sheet) throw businessError('未找到对应数据');
  if (sheet.expertId !== caller.expertId) throw businessError('该评分表不是分配给您的，不能打分');
  if (sheet.state === 'submitted') throw businessError('评分表已提交，不能修改');
  return sheet;
}

/**
 * Why a sheet no longer takes scores although it is not submitted: closed (已截止), its application
 * withdrawn, or its batch past 评审中. Null while it may be scored.
 */
export async function sheetClosedProblem(db: Db, sheet: Row): Promise<string | null> {
  if (sheet.state === 'closed') return '评分表已截止，不能修改';
  const app = await requireRecord(db, 'xypj_application', sheet.applicationId);
  if (app.state === 'withdrawn') return '该申报已撤回，评分表不能修改';
  const batch = await sql<{
    name: string;
    state: string;
  }>`select name, state from xypj_batch where id = ${String(sheet.batchId)} for share`.execute(db);
  const row = batch.rows[0];
  if (row && !SCORING_BATCH_STATES.includes(row.state)) return `批次${row.name}已结束评审，评分表不能修改`;
  return null;
}

async function sheetItems(db: Db, sheetId: string): Promise<ItemRow[]> {
  const res = await sql<ItemRow>`select id, criteria_item_id as "criteriaItemId", item, max_score as "maxScore", score from xypj_score_item
    where sheet_id = ${sheetId} order by order_num asc nulls last, id asc`.execute(db);
  return res.rows;
}

/** A score as given: null when blank, else a number of 0..max with one decimal (refused naming the item). */
function parseScore(raw: unknown, item: ItemRow): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  const max = Number(item.maxScore);
  if (!Number.isFinite(n) || n < 0 || n > max) throw businessError(`「${item.item}」的得分应在0到${max}分之间`);
  if (Math.abs(n * 10 - Math.round(n * 10)) > 1e-9) throw businessError(`「${item.item}」的得分最多保留一位小数`);
  return Math.round(n * 10) / 10;
}

async function refuseClosedSheet(db: Db, sheet: Row): Promise<void> {
  const problem = await sheetClosedProblem(db, sheet);
  if (problem) throw businessError(problem);
}

/** Applies the body's items to the sheet's rows and stores the total (sum of the given scores). */
async function saveItems(db: Db, sheetId: string, body: unknown, username: string, now: Date): Promise<ItemRow[]> {
  const locked = await sql<{ state: string }>`select state from xypj_score_sheet where id = ${sheetId} for update`.execute(db);
  if (locked.rows[0]?.state === 'submitted') throw businessError('评分表已提交，不能修改');
  if (locked.rows[0]?.state === 'closed') throw businessError('评分表已截止，不能修改');
  const items = await sheetItems(db, sheetId);
  const given = (body as { items?: unknown } | null)?.items;
  if (given !== undefined && !Array.isArray(given)) throw businessError('评分项格式不正确');
  for (const raw of (given ?? []) as unknown[]) {
    const entry = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const item = items.find((i) => i.criteriaItemId === entry.criteriaItemId || i.id === entry.id);
    if (!item) throw businessError('评分项不属于该评分表');
    const score = parseScore(entry.score, item);
    const comment = typeof entry.comment === 'string' ? entry.comment.trim() : '';
    if ([...comment].length > 500) throw businessError(`「${item.item}」的评语长度不能超过500个字符`);
    item.score = score;
    await sql`update xypj_score_item set score = ${score}, comment = ${comment || null}, update_by = ${username}, update_time = ${now} where id = ${item.id}`.execute(
      db,
    );
  }
  const total = items.reduce((acc, i) => acc + (i.score === null ? 0 : tenths(i.score)), 0) / 10;
  const anyScore = items.some((i) => i.score !== null);
  await sql`update xypj_score_sheet set total = ${anyScore ? total : null}, update_by = ${username}, update_time = ${now} where id = ${sheetId}`.execute(
    db,
  );
  return items;
}

/** POST /xypj/scoreSheet/save, /submit (the expert's own sheet), /sendBack (staff). */
export function scoringRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: ScoreSheetBody }>(
    '/xypj/scoreSheet/save',
    { config: { permission: 'xypj:scoreSheet:score' }, schema: SCORE_SHEET_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const sheet = await ownSheet(db, request, request.body);
      await db.transaction().execute(async (tx) => {
        await refuseClosedSheet(tx, sheet);
        await saveItems(tx, String(sheet.id), request.body, user.username, new Date());
      });
      return ok(await findRecord(db, 'xypj_score_sheet', String(sheet.id)), '保存成功');
    },
  );

  api.post<{ Body: ScoreSheetBody }>(
    '/xypj/scoreSheet/submit',
    { config: { permission: 'xypj:scoreSheet:score' }, schema: SCORE_SHEET_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const sheet = await ownSheet(db, request, request.body);
      const sheetId = String(sheet.id);
      await db.transaction().execute(async (tx) => {
        await refuseClosedSheet(tx, sheet);
        const now = new Date();
        const items = await saveItems(tx, sheetId, request.body, user.username, now);
        const missing = items.find((i) => i.score === null);
        if (missing) throw businessError(`请为「${missing.item}」打分后再提交`);
        const res =
          await sql`update xypj_score_sheet set state = 'submitted', submit_time = ${now}, update_by = ${user.username}, update_time = ${now}
        where id = ${sheetId} and state in ('draft', 'returned') returning id`.execute(tx);
        if (!res.rows.length) throw businessError('评分表状态已变化，请刷新后重试');
        const open =
          await sql`select 1 as one from xypj_score_sheet where application_id = ${String(sheet.applicationId)} and state <> 'submitted' limit 1`.execute(
            tx,
          );
        if (!open.rows.length) {
          await sql`update xypj_application set state = 'scored', update_by = ${user.username}, update_time = ${now}
          where id = ${String(sheet.applicationId)} and state = 'assigned'`.execute(tx);
        }
      });
      return ok(await findRecord(db, 'xypj_score_sheet', sheetId), '提交成功');
    },
  );

  api.post<{ Body: IdReasonBody }>(
    '/xypj/scoreSheet/sendBack',
    { config: { permission: 'xypj:application:review' }, schema: idReasonBody('退回原因') },
    async (request) => {
      const { user } = requireSession(request);
      const sheet = await requireRecord(db, 'xypj_score_sheet', request.body.id);
      const reason = requiredText(request.body, 'reason', '退回原因', 500);
      if (sheet.state !== 'submitted') throw businessError('只有已提交的评分表可以退回');
      const app = await requireRecord(db, 'xypj_application', sheet.applicationId);
      if (app.state === 'withdrawn') throw businessError('该申报已撤回，不能退回评分表');
      if (app.state !== 'scored' && app.state !== 'assigned') throw businessError('该申报已复核，不能退回评分表');
      const closed = batchClosedForReview(await requireRecord(db, 'xypj_batch', app.batchId));
      if (closed) throw businessError(closed);
      const now = new Date();
      await db.transaction().execute(async (tx) => {
        await sql`update xypj_score_sheet set state = 'returned', return_reason = ${reason}, update_by = ${user.username}, update_time = ${now} where id = ${String(sheet.id)}`.execute(
          tx,
        );
        await sql`update xypj_application set state = 'assigned', update_by = ${user.username}, update_time = ${now} where id = ${String(app.id)}`.execute(
          tx,
        );
      });
      await notifySheetReturned(request, String(sheet.id), reason);
      return ok(null, `已退回${String(sheet.expertName ?? '')}的评分表`);
    },
  );
}
