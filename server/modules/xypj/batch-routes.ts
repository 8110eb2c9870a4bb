import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import type { JsonValue } from '../../core/json';
import type { WriteContext } from '../entity/policies';
import { officeToday } from './caller';
import { fillRanks, publishBatchResults } from './certificates';
import { notifyBatchMoved } from './notify-events';
import { findRecord, requireRecord, requiredText } from './records';

/** The yearly cycle; a batch moves one step forward at a time. */
export const BATCH_STATES = ['draft', 'open', 'reviewing', 'publicity', 'published', 'closed'] as const;
export const BATCH_STATE_TEXT: Record<string, string> = { draft: '草稿', open: '申报中', reviewing: '评审中', publicity: '公示中', published: '已发布', closed: '已关闭' };

const stateText = (s: string) => `「${BATCH_STATE_TEXT[s] ?? s}」`;

/** Why the batch cannot move from `from` to `to`, or null. */
export function transitionProblem(from: string, to: string): string | null {
  const i = BATCH_STATES.indexOf(from as (typeof BATCH_STATES)[number]);
  const j = BATCH_STATES.indexOf(to as (typeof BATCH_STATES)[number]);
  if (j < 0) return '目标状态不正确';
  if (i === j) return `批次已是${stateText(to)}状态`;
  const next = BATCH_STATES[i + 1];
  if (j !== i + 1) return next ? `批次只能从${stateText(from)}变更为${stateText(next)}，不能变更为${stateText(to)}` : `${stateText(from)}的批次不能再变更状态`;
  return null;
}

/** The batch companies apply to now: the open one (the latest year when, unusually, there are several). */
export async function currentBatch(db: Db): Promise<Record<string, JsonValue> | null> {
  const res = await sql<{ id: string }>`select id from xypj_batch where state = 'open' order by year desc, create_time desc limit 1`.execute(db);
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

/** POST /xypj/batch/transition {id, to} (xypj:batch:transition) and GET /xypj/batch/current (any signed-in user). */
export function batchRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: unknown }>('/xypj/batch/transition', { config: { permission: 'xypj:batch:transition' } }, async (request) => {
    const { user } = requireSession(request);
    const batch = await requireRecord(db, 'xypj_batch', (request.body as { id?: unknown } | null)?.id);
    const to = requiredText(request.body, 'to', '目标状态', 20);
    const from = String(batch.state);
    const problem = transitionProblem(from, to);
    if (problem) throw businessError(problem);
    if (to === 'open') {
      if (!batch.criteriaId) throw businessError('请先为批次选择评价标准');
      const open = await currentBatch(db);
      if (open) throw businessError(`已有申报中的批次：${String(open.name)}`);
    }
    const issued = await db.transaction().execute(async (tx) => {
      const moved = await sql`update xypj_batch set state = ${to}, update_by = ${user.username}, update_time = ${new Date()}
        where id = ${String(batch.id)} and state = ${from} returning id`.execute(tx);
      if (!moved.rows.length) throw businessError('批次状态已变化，请刷新后重试');
      if (to === 'publicity') await fillRanks(tx, String(batch.id));
      return to === 'published' ? await publishBatchResults(tx, String(batch.id), user.username) : 0;
    });
    await notifyBatchMoved(request, String(batch.id), to);
    return okMessage(to === 'published' ? `批次已变更为${stateText(to)}，已颁发${issued}张证书` : `批次已变更为${stateText(to)}`);
  });

  api.get('/xypj/batch/current', { config: { authenticated: true } }, async () => {
    const batch = await currentBatch(db);
    if (!batch) return ok(null, '当前没有开放申报的批次');
    const problem = applicationWindowProblem(batch);
    return ok({ ...batch, accepting: problem === null, notice: problem ?? '' });
  });
}
