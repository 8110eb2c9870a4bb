import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import type { Db } from '../../db/types';
import { registerEntityPolicy, type EntityPolicy, type RowScope } from '../entity/policies';
import { callerOf } from './caller';

export const COMPANY_REFUSAL = '只能查看和修改本单位的信息';
export const APPLICATION_REFUSAL = '只能查看和修改本单位的申报';
export const EXPERT_REFUSAL = '只能查看和修改本人的专家信息';
export const MATERIAL_REFUSAL = '只能查看和修改本人的专家材料';
export const ASSIGNED_REFUSAL = '只能查看分配给本人评审的申报';
export const SHEET_REFUSAL = '只能查看和填写本人的评分表';
export const SHEET_COMPANY_REFUSAL = '企业用户不能查看专家评分表';
export const RESULT_REFUSAL = '只能查看本单位的评价结果';
export const CERTIFICATE_REFUSAL = '只能查看和下载本单位的证书';

/** Batches whose results a company (and the public) may see: in publicity or later. */
export const PUBLIC_BATCH_STATES = ['publicity', 'published', 'closed'] as const;
const visibleBatch = sql<boolean>`batch_id in (select b.id from xypj_batch b where b.state in (${sql.join([...PUBLIC_BATCH_STATES])}))`;

/** Tables of the company's unit information sub-forms, each with a company_id column. */
export const UNIT_SUB_TABLES = ['xypj_engineer', 'xypj_project', 'xypj_award', 'xypj_bad_record', 'xypj_finance'] as const;

/** A condition no row meets: a company or expert user without a record of their own reaches nothing. */
const NOTHING = sql<boolean>`false`;
const equals = (column: string, value: string | null) => (value === null ? NOTHING : sql<boolean>`${sql.id(column)} = ${value}`);

type ScopeFn = (request: FastifyRequest) => Promise<RowScope | null>;

function companyScoped(db: Db, column: string, refusal: string, extra: Partial<RowScope> = {}): ScopeFn {
  return async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind === 'staff') return null;
    const companyId = caller.kind === 'company' ? caller.companyId : null;
    return {
      where: equals(column, companyId),
      owned: column === 'company_id' && companyId ? { companyId } : {},
      refusal,
      ...extra,
    };
  };
}

function expertScoped(db: Db, column: string, refusal: string, extra: Partial<RowScope> = {}): ScopeFn {
  return async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind === 'staff') return null;
    const expertId = caller.kind === 'expert' ? caller.expertId : null;
    return {
      where: equals(column, expertId),
      owned: column === 'expert_id' && expertId ? { expertId } : {},
      refusal,
      ...extra,
    };
  };
}

/** Applications: a company its own; an expert those assigned to them (they have a score sheet of it). */
function applicationScoped(db: Db): ScopeFn {
  const company = companyScoped(db, 'company_id', APPLICATION_REFUSAL);
  return async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind !== 'expert') return await company(request);
    const assigned = caller.expertId
      ? sql<boolean>`${sql.id('id')} in (select s.application_id from xypj_score_sheet s where s.expert_id = ${caller.expertId})`
      : NOTHING;
    return { where: assigned, owned: {}, refusal: ASSIGNED_REFUSAL, ignored: ['state', 'snapshot', 'expertNames'] };
  };
}

/** Score sheets and their rows: an expert their own; a company none (refused outright). */
function sheetScoped(db: Db, table: 'xypj_score_sheet' | 'xypj_score_item'): ScopeFn {
  return async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind === 'staff') return null;
    if (caller.kind === 'company') throw businessError(SHEET_COMPANY_REFUSAL);
    const expertId = caller.expertId;
    const where = !expertId
      ? NOTHING
      : table === 'xypj_score_sheet'
        ? sql<boolean>`${sql.id('expert_id')} = ${expertId}`
        : sql<boolean>`${sql.id('sheet_id')} in (select s.id from xypj_score_sheet s where s.expert_id = ${expertId})`;
    return { where, owned: {}, refusal: SHEET_REFUSAL };
  };
}

/** Properties only the office sets (through its own buttons or routes); dropped from self-service edits. */
export const COMPANY_PRIVILEGED = ['status', 'rejectReason', 'userId', 'username', 'creditCode'];
export const EXPERT_PRIVILEGED = ['status', 'userId', 'username', 'idCard'];

/**
 * Object-level rules: a company reaches only its own company, sub-form rows and applications; an
 * expert only their own record and materials; staff every row. `extra` adds write checks per table.
 */
export function registerXypjScopes(db: Db, extra: Partial<Record<string, EntityPolicy['beforeWrite']>>): void {
  const policy = (table: string, scope: ScopeFn) => registerEntityPolicy(table, { scope, beforeWrite: extra[table] });
  for (const [table, beforeWrite] of Object.entries(extra)) registerEntityPolicy(table, { beforeWrite });
  policy('xypj_company', companyScoped(db, 'id', COMPANY_REFUSAL, { ignored: COMPANY_PRIVILEGED }));
  for (const table of UNIT_SUB_TABLES) policy(table, companyScoped(db, 'company_id', COMPANY_REFUSAL));
  policy('xypj_application', applicationScoped(db));
  policy('xypj_score_sheet', sheetScoped(db, 'xypj_score_sheet'));
  policy('xypj_score_item', sheetScoped(db, 'xypj_score_item'));
  // A company sees its results once the batch is in publicity; an expert none (no company of their own).
  policy('xypj_result', async (request) => {
    const scope = await companyScoped(db, 'company_id', RESULT_REFUSAL)(request);
    return scope && { ...scope, where: sql<boolean>`(${scope.where}) and ${visibleBatch}`, owned: {} };
  });
  policy('xypj_certificate', async (request) => {
    const scope = await companyScoped(db, 'company_id', CERTIFICATE_REFUSAL)(request);
    return scope && { ...scope, owned: {} };
  });
  policy('xypj_expert', expertScoped(db, 'id', EXPERT_REFUSAL, { ignored: EXPERT_PRIVILEGED }));
  policy('xypj_expert_material', expertScoped(db, 'expert_id', MATERIAL_REFUSAL, { ignored: ['checkState', 'checkRemark'] }));
}
