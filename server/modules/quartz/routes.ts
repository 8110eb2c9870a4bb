import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { anyText, LIST_QUERY, objectSchema, text } from '../../core/schemas';
import { logOperation, OP_EDIT } from '../admin/oplog';
import { registerEntityPolicy } from '../entity/policies';
import { runListQuery, type ListSource } from '../entity/list-query';
import { cronProblem } from './cron';
import { jobClassProblem } from './handlers';
import { claimAndRun, type JobRow } from './runner';
import { STATUS_RUNNING, STATUS_STOPPED } from './scheduler';

export const QUARTZ_PERMISSION = {
  pause: 'system:quartzJob:pause',
  resume: 'system:quartzJob:resume',
  execute: 'system:quartzJob:execute',
  runs: 'system:quartzJob:runList',
} as const;

const RUN_SOURCE: ListSource = {
  table: 'sys_quartz_job_run',
  idProperty: 'id',
  defaultSort: { column: 'startTime', order: 'desc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'jobId', column: 'job_id', type: 'string', match: 'exact' },
    { property: 'jobClassName', column: 'job_class_name', type: 'string' },
    { property: 'fireTime', column: 'fire_time', type: 'datetime' },
    { property: 'triggerType', column: 'trigger_type', type: 'string', dictCode: 'quartz_trigger_type' },
    { property: 'startTime', column: 'start_time', type: 'datetime' },
    { property: 'endTime', column: 'end_time', type: 'datetime' },
    { property: 'result', column: 'result', type: 'string', dictCode: 'quartz_run_result' },
    { property: 'output', column: 'output', type: 'string' },
    { property: 'errorText', column: 'error_text', type: 'text' },
    { property: 'instanceId', column: 'instance_id', type: 'string' },
  ],
};

const idQuery = { querystring: objectSchema({ id: text('主键', 32, { minLength: 1 }) }, ['id']) };

/** Refuses a 任务类名 without a handler and a wrong Cron表达式 on add, edit and import; a deleted job takes its run history along. */
function registerJobPolicy(): void {
  registerEntityPolicy('sys_quartz_job', {
    beforeWrite: async ({ db, mode, id, body }) => {
      if (mode === 'delete') {
        if (id) await sql`delete from sys_quartz_job_run where job_id = ${id}`.execute(db);
        return;
      }
      if (mode === 'add' || body.jobClassName !== undefined) {
        const problem = jobClassProblem(String(body.jobClassName ?? ''));
        if (problem) throw businessError(problem);
        body.jobClassName = String(body.jobClassName).trim();
      }
      if (mode === 'add' || body.cronExpression !== undefined) {
        const problem = cronProblem(String(body.cronExpression ?? ''));
        if (problem) throw businessError(problem);
        body.cronExpression = String(body.cronExpression).trim().replace(/\s+/g, ' ');
      }
    },
  });
}

async function findJob(deps: AppDeps, id: string): Promise<JobRow & { status: number }> {
  const res = await sql<JobRow & { status: number }>`select id, job_class_name, cron_expression, parameter, status
    from sys_quartz_job where id = ${id} and coalesce(del_flag, 0) = 0`.execute(deps.db);
  const job = res.rows[0];
  if (!job) throw businessError('定时任务不存在');
  return job;
}

/** 启动, 停止, 执行一次 and 运行记录 beside the entity engine's CRUD of sys_quartz_job. */
export function quartzRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerJobPolicy();

  const setStatus = async (id: string, status: number, username: string) => {
    await findJob(deps, id);
    await sql`update sys_quartz_job set status = ${status}, update_by = ${username}, update_time = ${new Date()} where id = ${id}`.execute(
      db,
    );
  };

  api.get<{ Querystring: { id: string } }>(
    '/sys/quartzJob/pause',
    { config: { permission: QUARTZ_PERMISSION.pause }, schema: idQuery },
    async (request) => {
      await setStatus(request.query.id, STATUS_STOPPED, request.session?.user.username ?? '');
      await logOperation(db, request, OP_EDIT, `停止定时任务：${request.query.id}`);
      return okMessage('停止定时任务成功');
    },
  );

  api.get<{ Querystring: { id: string } }>(
    '/sys/quartzJob/resume',
    { config: { permission: QUARTZ_PERMISSION.resume }, schema: idQuery },
    async (request) => {
      await setStatus(request.query.id, STATUS_RUNNING, request.session?.user.username ?? '');
      await logOperation(db, request, OP_EDIT, `启动定时任务：${request.query.id}`);
      return okMessage('启动定时任务成功');
    },
  );

  api.get<{ Querystring: { id: string } }>(
    '/sys/quartzJob/execute',
    { config: { permission: QUARTZ_PERMISSION.execute }, schema: idQuery },
    async (request) => {
      const job = await findJob(deps, request.query.id);
      const outcome = await claimAndRun(deps, job, new Date(), 'manual');
      if (!outcome) throw businessError('该任务刚刚已执行，请稍后再试');
      await logOperation(db, request, OP_EDIT, `立即执行定时任务：${job.job_class_name}`);
      if (!outcome.ok) throw businessError(`执行失败：${outcome.text}`);
      return okMessage('执行成功!');
    },
  );

  api.get<{ Querystring: Record<string, unknown> & { jobId?: string } }>(
    '/sys/quartzJob/runList',
    {
      config: { permission: QUARTZ_PERMISSION.runs },
      schema: { querystring: { ...LIST_QUERY, properties: { ...LIST_QUERY.properties, jobId: anyText('定时任务') } } },
    },
    async (request) => {
      if (!request.query.jobId) throw businessError('请指定定时任务');
      return ok(await runListQuery(db, RUN_SOURCE, request.query));
    },
  );
}
