import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { STATUS_STOPPED } from './scheduler';

const SEED_KEY = 'quartz_jobs_v1';

const JOBS = [
  {
    id: 'seed_quartz_send_msg',
    className: 'org.jeecg.modules.message.job.SendMsgJob',
    cron: '0/50 * * * * ? *',
    parameter: null,
    description: '发送消息队列中待发送的消息',
  },
  {
    id: 'seed_quartz_sample',
    className: 'org.jeecg.modules.quartz.job.SampleJob',
    cron: '0/1 * * * * ?',
    parameter: null,
    description: '普通定时任务示例',
  },
  {
    id: 'seed_quartz_sample_param',
    className: 'org.jeecg.modules.quartz.job.SampleParamJob',
    cron: '0/1 * * * * ?',
    parameter: 'scott',
    description: '带参数定时任务示例',
  },
] as const;

/** Added later than the reference jobs, so it has its own seed key and reaches existing databases too. */
const BACKUP_SEED_KEY = 'quartz_backup_job_v1';
const BACKUP_JOB = {
  id: 'seed_quartz_daily_backup',
  className: 'org.jeecg.modules.backup.job.DailyBackupJob',
  cron: '0 30 2 * * ?',
  parameter: '7',
  description: '每日数据备份（参数：保留份数；备份目录为环境变量BACKUP_DIR，默认DATA_DIR/backup）',
} as const;

/** The three reference jobs, all stopped, once per database (sys_seed_applied), skipping class names already there. */
export async function seedQuartzJobs(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    for (const j of JOBS) {
      await sql`insert into sys_quartz_job (id, del_flag, job_class_name, cron_expression, parameter, description, status, create_by, create_time)
        select ${j.id}, 0, ${j.className}, ${j.cron}, ${j.parameter}, ${j.description}, ${STATUS_STOPPED}, 'admin', ${now}
        where not exists (select 1 from sys_quartz_job where job_class_name = ${j.className})`.execute(tx);
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}

/** The daily backup job, stopped (an administrator starts it in 定时任务), once per database. */
export async function seedBackupJob(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', BACKUP_SEED_KEY).executeTakeFirst();
  if (done) return;
  const j = BACKUP_JOB;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await sql`insert into sys_quartz_job (id, del_flag, job_class_name, cron_expression, parameter, description, status, create_by, create_time)
      select ${j.id}, 0, ${j.className}, ${j.cron}, ${j.parameter}, ${j.description}, ${STATUS_STOPPED}, 'admin', ${now}
      where not exists (select 1 from sys_quartz_job where job_class_name = ${j.className})`.execute(tx);
    await tx.insertInto('sys_seed_applied').values({ seed_key: BACKUP_SEED_KEY, applied_time: now }).execute();
  });
}
