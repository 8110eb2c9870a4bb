import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { newId } from '../../core/ids';
import { JOB_HANDLERS } from './handlers';

/** Names this process in the run history (several instances may share one database). */
export const INSTANCE_ID = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;

export interface JobRow {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
}

export type TriggerType = 'cron' | 'manual';

export interface RunOutcome {
  ok: boolean;
  /** the handler's summary, or the error's text */
  text: string;
}

const MAX_OUTPUT = 500;
const MAX_ERROR = 4000;

/**
 * Claims the fire time (`insert … on conflict (job_id, fire_time) do nothing`) and, only when this
 * instance's insert won, runs the job and records how it ended. null: another instance has this fire time.
 */
export async function claimAndRun(deps: AppDeps, job: JobRow, fireTime: Date, trigger: TriggerType): Promise<RunOutcome | null> {
  const runId = newId();
  const start = new Date();
  const claimed = await sql<{ id: string }>`insert into sys_quartz_job_run
      (id, job_id, job_class_name, fire_time, trigger_type, start_time, result, instance_id)
    values (${runId}, ${job.id}, ${job.job_class_name}, ${fireTime}, ${trigger}, ${start}, 'running', ${INSTANCE_ID})
    on conflict (job_id, fire_time) do nothing returning id`.execute(deps.db);
  if (claimed.rows.length === 0) return null;

  let outcome: RunOutcome;
  try {
    const handler = JOB_HANDLERS.get(job.job_class_name.trim());
    if (!handler) throw new Error(`任务类名不存在：${job.job_class_name}`);
    outcome = { ok: true, text: await handler({ deps, parameter: (job.parameter ?? '').trim(), fireTime }) };
  } catch (error) {
    outcome = { ok: false, text: (error instanceof Error ? error.message : String(error)) || '执行失败' };
  }
  deps.metrics.jobRun(job.job_class_name.trim(), trigger, outcome.ok);
  await sql`update sys_quartz_job_run set end_time = ${new Date()}, result = ${outcome.ok ? 'ok' : 'error'},
      output = ${outcome.ok ? outcome.text.slice(0, MAX_OUTPUT) : null}, error_text = ${outcome.ok ? null : outcome.text.slice(0, MAX_ERROR)}
    where id = ${runId}`.execute(deps.db);
  return outcome;
}
