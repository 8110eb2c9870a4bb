import { businessError } from '../../core/envelope';
import type { WriteContext } from '../entity/policies';
import { requireRecord } from './records';

/**
 * 异议 are recorded and answered by the office while their batch is in publicity; an answer makes
 * one `answered` (with its time), an empty answer leaves it `open`. 发布结果 waits for every open one.
 */
export async function objectionBeforeWrite(ctx: WriteContext): Promise<void> {
  const row = ctx.mode === 'add' ? null : await requireRecord(ctx.db, 'xypj_objection', ctx.id);
  const batchId = row ? row.batchId : ctx.body.batchId;
  const batch = await requireRecord(ctx.db, 'xypj_batch', batchId);
  if (batch.state !== 'publicity') throw businessError(`批次${String(batch.name)}不在公示期，不能登记或修改异议`);
  if (ctx.mode === 'delete') return;
  if (row) delete ctx.body.batchId;
  delete ctx.body.state;
  delete ctx.body.answerTime;
  const answer =
    typeof ctx.body.answer === 'string' ? ctx.body.answer.trim() : ctx.body.answer === undefined && row ? String(row.answer ?? '') : '';
  if (answer) {
    ctx.body.state = 'answered';
    if (!row?.answerTime || answer !== String(row.answer ?? '')) ctx.body.answerTime = new Date().toISOString();
  } else {
    ctx.body.state = 'open';
    ctx.body.answerTime = null;
  }
}
