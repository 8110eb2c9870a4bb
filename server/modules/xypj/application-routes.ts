import { APPLICATION_STATE_TEXT } from '../../../contract/xypj-states';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import type { JsonValue } from '../../core/json';
import { requireInScope, scopeOf, type WriteContext } from '../entity/policies';
import { callerOf } from './caller';
import { notifyApplicationReviewed } from './notify-events';
import { requireLicence } from './evidence';
import { applicationWindowProblem, currentBatch } from './batch-routes';
import { definitionOf, findRecord, recordWithSubTables, requireRecord, requiredText } from './records';
import { ID_BODY, idReasonBody, type IdBody, type IdReasonBody } from './request-schemas';

const stateText = (s: string) => `「${APPLICATION_STATE_TEXT[s] ?? s}」`;

/** Set by the server only: by submit, accept, return and assignment. */
const SERVER_SET = [
  'state',
  'snapshot',
  'submitTime',
  'returnReason',
  'acceptTime',
  'companyName',
  'creditCode',
  'expertNames',
  'withdrawReason',
];
const EDITABLE_STATES = ['draft', 'returned'];
const MATERIAL_TYPES = /\.(pdf|jpe?g|png)$/i;

async function batchAccepting(db: Db, batchId: unknown): Promise<Record<string, JsonValue>> {
  const batch = typeof batchId === 'string' && batchId ? await findRecord(db, 'xypj_batch', batchId) : await currentBatch(db);
  if (!batch) throw businessError('当前没有开放申报的批次');
  const problem = applicationWindowProblem(batch);
  if (problem) throw businessError(problem);
  return batch;
}

/**
 * A company creates one application per open batch, inside its window, and changes it only while it
 * is a draft or returned; the state and snapshot move only through submit, accept and return.
 */
export async function applicationBeforeWrite(ctx: WriteContext): Promise<void> {
  const { db, body } = ctx;
  const caller = await callerOf(ctx.request, db);
  if (ctx.mode === 'delete') {
    const row = await requireRecord(db, 'xypj_application', ctx.id);
    if (row.state !== 'draft') throw businessError(`只能删除草稿状态的申报，该申报是${stateText(String(row.state))}状态`);
    return;
  }
  for (const p of SERVER_SET) delete body[p];
  if (ctx.mode === 'add') {
    if (caller.kind === 'company') {
      if (!caller.companyId) throw businessError('当前账号未关联企业');
      const company = await requireRecord(db, 'xypj_company', caller.companyId);
      if (company.status !== 'approved') throw businessError('企业审核通过后才能申报');
      requireLicence(company);
    }
    const batch = await batchAccepting(db, body.batchId);
    body.batchId = String(batch.id);
    const companyId = typeof body.companyId === 'string' ? body.companyId : '';
    const company = companyId ? await findRecord(db, 'xypj_company', companyId) : null;
    if (!company) throw businessError('企业不存在');
    const dup = await sql`select 1 as one from xypj_application where batch_id = ${body.batchId} and company_id = ${companyId}`.execute(db);
    if (dup.rows.length) throw businessError(`本单位在批次${String(batch.name)}中已有申报，不能重复申报`);
    body.companyName = company.name;
    body.creditCode = company.creditCode;
    return;
  }
  const row = await requireRecord(db, 'xypj_application', ctx.id);
  delete body.batchId;
  delete body.companyId;
  if (caller.kind === 'company') {
    if (!EDITABLE_STATES.includes(String(row.state))) throw businessError(`申报${stateText(String(row.state))}，不能修改`);
    await batchAccepting(db, row.batchId);
  }
}

async function scopedApplication(db: Db, request: FastifyRequest): Promise<Record<string, JsonValue>> {
  const id = (request.body as IdBody).id;
  const row = await requireRecord(db, 'xypj_application', id);
  await requireInScope(db, definitionOf('xypj_application'), await scopeOf(definitionOf('xypj_application'), request), [String(row.id)]);
  return row;
}

/** The unit information at submission, kept with the application (later edits do not change it). */
export async function unitSnapshot(db: Db, companyId: string): Promise<string> {
  const company = await recordWithSubTables(db, 'xypj_company', companyId);
  if (!company) throw businessError('企业不存在');
  for (const key of ['userId', 'username', 'rejectReason']) delete company[key];
  return JSON.stringify(company);
}

/** POST /xypj/application/submit {id}, /accept {id}, /return {id, reason}. */
export function applicationRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: IdBody }>(
    '/xypj/application/submit',
    { config: { permission: 'xypj:application:submit' }, schema: ID_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const row = await scopedApplication(db, request);
      if (!EDITABLE_STATES.includes(String(row.state))) throw businessError(`申报${stateText(String(row.state))}，不能提交`);
      await batchAccepting(db, row.batchId);
      const materials = String(row.materials ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!materials.length) throw businessError('请先上传申报材料');
      if (materials.some((m) => !MATERIAL_TYPES.test(m.split('?')[0]!))) throw businessError('申报材料只能是PDF、JPG或PNG文件');
      const companyId = String(row.companyId);
      const company = await requireRecord(db, 'xypj_company', companyId);
      if (company.status !== 'approved') throw businessError('企业审核通过后才能提交申报');
      requireLicence(company);
      const snapshot = await unitSnapshot(db, companyId);
      const now = new Date();
      const res = await sql`update xypj_application set state = 'submitted', snapshot = ${snapshot}, company_name = ${String(company.name)},
        credit_code = ${String(company.creditCode)}, submit_time = ${now}, update_by = ${user.username}, update_time = ${now}
      where id = ${String(row.id)} and state in ('draft', 'returned') returning id`.execute(db);
      if (!res.rows.length) throw businessError('申报状态已变化，请刷新后重试');
      return okMessage('提交成功');
    },
  );

  const review = (path: 'accept' | 'return') =>
    api.post<{ Body: IdReasonBody }>(
      `/xypj/application/${path}`,
      { config: { permission: 'xypj:application:accept' }, schema: path === 'return' ? idReasonBody('退回原因') : ID_BODY },
      async (request) => {
        const { user } = requireSession(request);
        const row = await scopedApplication(db, request);
        const reason = path === 'return' ? requiredText(request.body, 'reason', '退回原因', 500) : null;
        if (row.state !== 'submitted')
          throw businessError(`只有已提交的申报可以${path === 'accept' ? '受理' : '退回'}，该申报是${stateText(String(row.state))}状态`);
        const now = new Date();
        const res =
          path === 'accept'
            ? await sql`update xypj_application set state = 'accepted', accept_time = ${now}, return_reason = null, update_by = ${user.username}, update_time = ${now}
              where id = ${String(row.id)} and state = 'submitted' returning id`.execute(db)
            : await sql`update xypj_application set state = 'returned', return_reason = ${reason}, update_by = ${user.username}, update_time = ${now}
              where id = ${String(row.id)} and state = 'submitted' returning id`.execute(db);
        if (!res.rows.length) throw businessError('申报状态已变化，请刷新后重试');
        await notifyApplicationReviewed(request, String(row.id), reason);
        return okMessage(path === 'accept' ? '已受理' : '已退回');
      },
    );
  review('accept');
  review('return');
}
