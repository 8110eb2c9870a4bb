import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { APPLICATION_STATE_TEXT } from '../../../contract/xypj-states';
import { WITHDRAWABLE_STATES } from './batch-guards';
import { rerankBatch } from './results';

/**
 * 撤回: the office drops an accepted application before publicity, with a reason. Its sheets not yet
 * submitted close (已截止), a result already written is removed and the batch re-ranked.
 */
export async function withdrawApplication(
  db: Db,
  app: Record<string, JsonValue>,
  reason: string,
  username: string,
  now = new Date(),
): Promise<void> {
  const state = String(app.state);
  if (!WITHDRAWABLE_STATES.includes(state))
    throw businessError(`只有已受理、评审中或已复核的申报可以撤回，该申报是「${APPLICATION_STATE_TEXT[state] ?? state}」状态`);
  const batch = await sql<{
    name: string;
    state: string;
  }>`select name, state from xypj_batch where id = ${String(app.batchId)} for update`.execute(db);
  const b = batch.rows[0];
  if (!b || !['open', 'reviewing'].includes(b.state)) throw businessError(`批次${b?.name ?? ''}已进入公示，不能再撤回申报`);
  const moved =
    await sql`update xypj_application set state = 'withdrawn', withdraw_reason = ${reason}, update_by = ${username}, update_time = ${now}
    where id = ${String(app.id)} and state = ${state} returning id`.execute(db);
  if (!moved.rows.length) throw businessError('申报状态已变化，请刷新后重试');
  await sql`update xypj_score_sheet set state = 'closed', update_by = ${username}, update_time = ${now}
    where application_id = ${String(app.id)} and state <> 'submitted'`.execute(db);
  const removed = await sql`delete from xypj_result where application_id = ${String(app.id)} returning id`.execute(db);
  if (removed.rows.length) await rerankBatch(db, String(app.batchId));
}
