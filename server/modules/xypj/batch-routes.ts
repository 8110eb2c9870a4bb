import { BATCH_STATE_TEXT, BATCH_STATES } from '../../../contract/xypj-states';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import { LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../core/sys-log';
import type { JsonValue } from '../../core/json';
import type { WriteContext } from '../entity/policies';
import { officeToday } from './caller';
import { fillRanks, publishBatchResults } from './certificates';
import { notifyBatchMoved } from './notify-events';
import { applyMoveEffects, movePlan, type MovePlan } from './batch-guards';
import { findRecord, requireRecord, requiredText } from './records';
import { BATCH_MOVE_BODY, BATCH_MOVE_QUERY, type IdReasonBody } from './request-schemas';

/** sys_log operate_type of an edit (as the administration module writes it). */
const OPERATE_EDIT = 3;

const stateText = (s: string) => `「${BATCH_STATE_TEXT[s] ?? s}」`;

/** Why the batch cannot move from `from` to `to`, or null. */
export function transitionProblem(from: string, to: string): string | null {
  const i = BATCH_STATES.indexOf(from as (typeof BATCH_STATES)[number]);
  const j = BATCH_STATES.indexOf(to as (typeof BATCH_STATES)[number]);
  if (j < 0) return '目标状态不正确';
  if (i === j) return `批次已是${stateText(to)}状态`;
  const next = BATCH_STATES[i + 1];
  if (j !== i + 1)
    return next
      ? `批次只能从${stateText(from)}变更为${stateText(next)}，不能变更为${stateText(to)}`
      : `${stateText(from)}的批次不能再变更状态`;
  return null;
}

/** The batch companies apply to now: the open one (the latest year when, unusually, there are several). */
export async function currentBatch(db: Db): Promise<Record<string, JsonValue> | null> {
  const res = await sql<{
    id: string;
  }>`select id from xypj_batch where state = 'open' order by year desc, create_time desc limit 1`.execute(db);
  const id = res.rows[0]?.id;
  return id ? await findRecord(db, 'xypj_batch', id) : null;
}

/** Whether a batch takes applications today: open and inside its application window. */
export function applicationWindowProblem(batch: Record<string, JsonValue>, today = officeToday()): string | null {
  if (batch.state !== 'open') return `批次${String(batch.name)}未开放申报`;
  const start = String(batch.applyStart ?? '');
  const end = String(batch.applyEnd ?? '');
  if (start && today < start) return `申报尚未开始（${start}开始）`;
  if (end && today > end) return `申报期已结束（${end}截止）`;
  return null;
}

/** Batch edits keep the state (moved only by transition); only draft batches may be deleted. */
export async function batchBeforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'delete') {
    const row = await requireRecord(ctx.db, 'xypj_batch', ctx.id);
    if (row.state !== 'draft') throw businessError(`只能删除草稿状态的批次，${String(row.name)}是${stateText(String(row.state))}状态`);
    return;
  }
  delete ctx.body.state;
}

/** The criteria items' maxima must add up to 100 when a save carries them (always on add). */
export async function criteriaBeforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'delete') {
    const used = await sql<{ name: string }>`select name from xypj_batch where criteria_id = ${ctx.id} limit 1`.execute(ctx.db);
    if (used.rows[0]) throw businessError(`评价标准已被批次${used.rows[0].name}使用，不能删除`);
    return;
  }
  const items = ctx.body.itemList;
  if (items === undefined && ctx.mode === 'edit') return;
  const rows = Array.isArray(items) ? items : [];
  let tenths = 0;
  for (const row of rows) {
    const raw = row !== null && typeof row === 'object' ? (row as Record<string, unknown>).maxScore : undefined;
    const n = Number(raw);
    if (raw === null || raw === undefined || raw === '' || !Number.isFinite(n)) continue;
    tenths += Math.round(n * 10);
  }
  if (tenths !== 1000) throw businessError(`评价标准各项分值合计应为100分，当前合计${tenths / 10}分`);
}

/** The batch and target of a move request, refused when the step itself is not allowed. */
async function requestedMove(db: Db, source: unknown): Promise<{ batch: Record<string, JsonValue>; from: string; to: string }> {
  const batch = await requireRecord(db, 'xypj_batch', (source as { id?: unknown } | null)?.id);
  const to = requiredText(source, 'to', '目标状态', 20);
  const from = String(batch.state);
  const problem = transitionProblem(from, to);
  if (problem) throw businessError(problem);
  return { batch, from, to };
}

async function openingProblems(db: Db, batch: Record<string, JsonValue>): Promise<string[]> {
  const problems: string[] = [];
  if (!batch.criteriaId) problems.push('请先为批次选择评价标准');
  const open = await currentBatch(db);
  if (open) problems.push(`已有申报中的批次：${String(open.name)}`);
  return problems;
}

/** Everything a move needs and does; `closeEarly` waives the open application window of 进入评审. */
async function checkedMove(db: Db, batch: Record<string, JsonValue>, to: string, closeEarly: boolean): Promise<MovePlan> {
  const plan = await movePlan(db, batch, to);
  if (to === 'open') plan.blockers.push(...(await openingProblems(db, batch)));
  if (closeEarly && plan.windowOpen) plan.blockers.shift();
  return plan;
}

/**
 * POST /xypj/batch/transition {id, to, closeEarly?, reason?} and GET /xypj/batch/transitionPreview?id=&to=
 * (xypj:batch:transition); GET /xypj/batch/current (any signed-in user).
 */
export function batchRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const permission = 'xypj:batch:transition';

  api.get<{ Querystring: Record<string, unknown> }>(
    '/xypj/batch/transitionPreview',
    { config: { permission }, schema: BATCH_MOVE_QUERY },
    async (request) => {
      const { batch, from, to } = await requestedMove(db, request.query);
      const plan = await checkedMove(db, batch, to, false);
      return ok({ id: batch.id, name: batch.name, from, to, fromText: BATCH_STATE_TEXT[from], toText: BATCH_STATE_TEXT[to], ...plan });
    },
  );

  api.post<{ Body: IdReasonBody & { to?: string; closeEarly?: unknown } }>(
    '/xypj/batch/transition',
    { config: { permission }, schema: BATCH_MOVE_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const { batch, from, to } = await requestedMove(db, request.body);
      const closeEarly = request.body.closeEarly === true;
      const reason = closeEarly ? requiredText(request.body, 'reason', '提前截止申报的原因', 500) : null;
      const plan = await checkedMove(db, batch, to, closeEarly);
      if (plan.blockers.length) throw businessError(`不能变更为${stateText(to)}：${plan.blockers.join('；')}`);
      const issued = await db.transaction().execute(async (tx) => {
        const now = new Date();
        const moved = await sql`update xypj_batch set state = ${to}, update_by = ${user.username}, update_time = ${now}
        where id = ${String(batch.id)} and state = ${from} returning id`.execute(tx);
        if (!moved.rows.length) throw businessError('批次状态已变化，请刷新后重试');
        await applyMoveEffects(tx, String(batch.id), to, user.username, now);
        if (to === 'publicity') await fillRanks(tx, String(batch.id));
        return to === 'published' ? await publishBatchResults(tx, String(batch.id), user.username) : 0;
      });
      if (reason && plan.windowOpen) {
        await writeLog(db, {
          logType: LOG_TYPE_OPERATION,
          operateType: OPERATE_EDIT,
          content: `提前截止申报：批次${String(batch.name)}（申报截止日期${String(batch.applyEnd ?? '未设置')}），原因：${reason}`,
          userId: user.id,
          username: user.username,
          ...requestLogFields(request),
        });
      }
      await notifyBatchMoved(request, String(batch.id), to);
      return okMessage(to === 'published' ? `批次已变更为${stateText(to)}，已颁发${issued}张证书` : `批次已变更为${stateText(to)}`);
    },
  );

  api.get('/xypj/batch/current', { config: { authenticated: true } }, async () => {
    const batch = await currentBatch(db);
    if (!batch) return ok(null, '当前没有开放申报的批次');
    const problem = applicationWindowProblem(batch);
    return ok({ ...batch, accepting: problem === null, notice: problem ?? '' });
  });
}
