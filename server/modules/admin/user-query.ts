import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { requireSession } from '../../core/access-control';
import type { JsonValue } from '../../core/json';
import { compare, runListQuery, type Condition, type ListField, type PageResult } from '../entity/list-query';
import { compareExpression, ruleContext, ruleExpressions, rulesForComponent, type RuleCondition, type RuleTargets } from './data-rules';
import { idList } from './common';
import { decorateUserRecords } from './user-json';

export const USER_LIST_COMPONENT = 'system/UserList';
export const RESERVED_USERNAME = '_reserve_user_external';

/** Readable columns of sys_user (never password, salt or third-party ids). */
export const USER_FIELDS: readonly ListField[] = [
  { property: 'id', column: 'id', type: 'string' },
  { property: 'username', column: 'username', type: 'string' },
  { property: 'realname', column: 'realname', type: 'string' },
  { property: 'avatar', column: 'avatar', type: 'string' },
  { property: 'birthday', column: 'birthday', type: 'date' },
  { property: 'sex', column: 'sex', type: 'int' },
  { property: 'email', column: 'email', type: 'string' },
  { property: 'phone', column: 'phone', type: 'string' },
  { property: 'orgCode', column: 'org_code', type: 'string' },
  { property: 'status', column: 'status', type: 'int' },
  { property: 'delFlag', column: 'del_flag', type: 'int' },
  { property: 'activitiSync', column: 'activiti_sync', type: 'int' },
  { property: 'workNo', column: 'work_no', type: 'string' },
  { property: 'post', column: 'post', type: 'string' },
  { property: 'telephone', column: 'telephone', type: 'string' },
  { property: 'userIdentity', column: 'user_identity', type: 'int' },
  { property: 'departIds', column: 'depart_ids', type: 'text' },
  { property: 'relTenantIds', column: 'rel_tenant_ids', type: 'string' },
  { property: 'createBy', column: 'create_by', type: 'string' },
  { property: 'createTime', column: 'create_time', type: 'datetime' },
  { property: 'updateBy', column: 'update_by', type: 'string' },
  { property: 'updateTime', column: 'update_time', type: 'datetime' },
];

const OPERATOR = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
} as const;

/** Rule columns of the user list: its fields, plus `sysOrgCode` = "belongs to a department whose org code …". */
function userRuleTargets(): RuleTargets {
  const targets: Record<string, RuleTargets[string]> = {};
  for (const f of USER_FIELDS) {
    targets[f.property] = (condition: RuleCondition, value: string) => {
      try {
        return compare(f, OPERATOR[condition], value) as RawBuilder<SqlBool>;
      } catch {
        return sql<SqlBool>`false`;
      }
    };
  }
  const inDepart: RuleTargets[string] = (condition, value) =>
    sql`exists (select 1 from sys_user_depart rud join sys_depart rd on rd.id = rud.dep_id
      where rud.user_id = sys_user.id and ${compareExpression(sql.ref('rd.org_code'), condition, value)})`;
  targets.sysOrgCode = inDepart;
  targets.sys_org_code = inDepart;
  return targets;
}

const RULE_TARGETS = userRuleTargets();

function tenantHeader(request: FastifyRequest): string {
  const raw = request.headers['tenant-id'];
  const value = (Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
  return value === '0' ? '' : value;
}

/** The data rules of the user list granted to the caller, as bound conditions. */
export async function userListRules(db: Db, request: FastifyRequest): Promise<Condition[]> {
  const { user } = requireSession(request);
  const rules = await rulesForComponent(db, user.id, USER_LIST_COMPONENT);
  if (rules.length === 0) return [];
  return ruleExpressions(rules, RULE_TARGETS, await ruleContext(db, user, tenantHeader(request))) as Condition[];
}

export type UserListQuery = Record<string, string | undefined>;

/** /sys/user/list: the list conventions (docs/api.md) plus departId, code and the data rules. */
export async function queryUserList(db: Db, query: UserListQuery, rules: Condition[]): Promise<PageResult<Record<string, JsonValue>>> {
  const where: Condition[] = [sql`del_flag = 0`, sql`username <> ${RESERVED_USERNAME}`, ...rules];
  const params: Record<string, unknown> = { ...query };
  delete params.departId;
  delete params.code;
  delete params.delFlag;
  const departId = query.departId?.trim();
  if (departId) {
    const [dep] = idList(departId, '部门ID');
    where.push(sql`id in (select user_id from sys_user_depart where dep_id = ${dep})`);
  }
  const codes = query.code ? idList(query.code, '用户ID', { required: false }) : [];
  if (codes.length > 0) {
    where.push(sql`id in (${sql.join(codes)})`);
    params.pageNo = '1';
    params.pageSize = String(codes.length);
  }
  const page = await runListQuery(
    db,
    { table: 'sys_user', fields: USER_FIELDS, idProperty: 'id', defaultSort: { column: 'createTime', order: 'desc' } },
    params,
    { where, dictTexts: false },
  );
  return { ...page, records: await decorateUserRecords(db, page.records) };
}
