import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { registerEntityPolicy, type EntityPolicy, type RowScope } from '../entity/policies';
import { callerOf } from './caller';

export const COMPANY_REFUSAL = '只能查看和修改本单位的信息';
export const APPLICATION_REFUSAL = '只能查看和修改本单位的申报';
export const EXPERT_REFUSAL = '只能查看和修改本人的专家信息';
export const MATERIAL_REFUSAL = '只能查看和修改本人的专家材料';
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
  policy('xypj_application', companyScoped(db, 'company_id', APPLICATION_REFUSAL));
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
