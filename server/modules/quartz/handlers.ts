import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { sendQueuedMessages } from '../records/messages';
import { DAILY_BACKUP_JOB, dailyBackup } from '../backup/job';

export interface JobContext {
  deps: AppDeps;
  /** the job's 参数, trimmed; '' when empty */
  parameter: string;
  fireTime: Date;
}

/** A job's work. The answer is a short summary kept with the run; throwing marks the run failed with the error's text. */
export type JobHandler = (ctx: JobContext) => Promise<string>;

const DEFAULT_LOG_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;

function retentionDays(parameter: string): number {
  if (parameter === '') return DEFAULT_LOG_RETENTION_DAYS;
  const days = Number(parameter);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new Error(`参数应为保留天数（1-36500的整数），当前为：${parameter}`);
  return days;
}

type Db = JobContext['deps']['db'];

/** Deletes the rows of `table` whose `column` is before `before`; the answer is how many (counted by the database, on either backend). */
async function deleteBefore(db: Db, table: string, column: string, before: Date): Promise<number> {
  const res = await sql<{
    n: string | number;
  }>`with gone as (delete from ${sql.table(table)} where ${sql.ref(column)} < ${before} returning 1)
    select count(*) as n from gone`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Every job a 任务类名 may name (the JeecgBoot class names of the reference jobs, and our own
 * maintenance jobs). A name missing here is refused when a job is saved.
 */
export const JOB_HANDLERS: ReadonlyMap<string, JobHandler> = new Map<string, JobHandler>([
  ['org.jeecg.modules.quartz.job.SampleJob', async () => '普通定时任务 SampleJob 执行完成'],
  [
    'org.jeecg.modules.quartz.job.SampleParamJob',
    async ({ parameter }) => `带参数定时任务 SampleParamJob 执行完成，参数：${parameter || '（空）'}`,
  ],
  [
    'org.jeecg.modules.quartz.job.AsyncJob',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return '异步定时任务 AsyncJob 执行完成（耗时约1秒）';
    },
  ],
  [
    'org.jeecg.modules.message.job.SendMsgJob',
    async ({ deps }) => {
      const { sent, failed } = await sendQueuedMessages(deps);
      if (failed > 0) throw new Error(`发送消息${sent + failed}条，失败${failed}条`);
      return `发送消息${sent}条`;
    },
  ],
  [
    'org.jeecg.modules.quartz.job.CleanExpiredTokenJob',
    async ({ deps }) => {
      const now = new Date();
      const tokens = await deleteBefore(deps.db, 'sys_user_token', 'expire_time', now);
      const captchas = await deleteBefore(deps.db, 'sys_captcha', 'expire_time', now);
      const codes = await deleteBefore(deps.db, 'sys_sms_code', 'expire_time', now);
      return `清理过期令牌${tokens}个、验证码${captchas}个、短信验证码${codes}个`;
    },
  ],
  [
    'org.jeecg.modules.quartz.job.CleanOldLogJob',
    async ({ deps, parameter }) => {
      const days = retentionDays(parameter);
      const before = new Date(Date.now() - days * DAY_MS);
      const logs = await deleteBefore(deps.db, 'sys_log', 'create_time', before);
      const runs = await deleteBefore(deps.db, 'sys_quartz_job_run', 'start_time', before);
      return `清理${days}天前的系统日志${logs}条、任务运行记录${runs}条`;
    },
  ],
  [DAILY_BACKUP_JOB, dailyBackup],
]);

export function jobClassProblem(className: string): string | null {
  if (JOB_HANDLERS.has(className.trim())) return null;
  return `任务类名不存在：${className.trim() || '（空）'}，可用的任务类名：${[...JOB_HANDLERS.keys()].join('、')}`;
}
