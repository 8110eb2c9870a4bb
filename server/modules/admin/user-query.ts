import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db, SysUser } from '../../db/types';
import { requireSession } from '../../core/access-control';
import { badRequest } from '../../core/envelope';
import { compareExpression, ruleContext, ruleExpressions, rulesForComponent, type RuleTargets } from './data-rules';
import { idList, optionalTimestamp, orderBySql, pageParams, sortTerms, valueFilter, type PageParams } from './common';

export const USER_LIST_COMPONENT = 'system/UserList';
export const RESERVED_USERNAME = '_reserve_user_external';

/** property → column of the user list (sorting, filters, data rules) */
export const USER_COLUMNS: Readonly<Record<string, string>> = {
  id: 'u.id',
  username: 'u.username',
  realname: 'u.realname',
  sex: 'u.sex',
  birthday: 'u.birthday',
  phone: 'u.phone',
  email: 'u.email',
  status: 'u.status',
  workNo: 'u.work_no',
  post: 'u.post',
  telephone: 'u.telephone',
  orgCode: 'u.org_code',
  userIdentity: 'u.user_identity',
  createBy: 'u.create_by',
  createTime: 'u.create_time',
  updateBy: 'u.update_by',
  updateTime: 'u.update_time',
};

const TEXT_FILTERS = ['username', 'realname', 'phone', 'email', 'workNo', 'post', 'telephone', 'orgCode'] as const;
const NUMBER_FILTERS = ['sex', 'status', 'userIdentity'] as const;

/** Rule columns of the user list. `sysOrgCode` means "belongs to a department whose org code …". */
function userRuleTargets(): RuleTargets {
  const targets: Record<string, RuleTargets[string]> = {};
  for (const [prop, column] of Object.entries(USER_COLUMNS)) {
    targets[prop] = (condition, value) => compareExpression(sql`cast(${sql.ref(column)} as varchar)`, condition, value);
  }
  const inDepart: RuleTargets[string] = (condition, value) =>
    sql<SqlBool>`exists (select 1 from sys_user_depart rud join sys_depart rd on rd.id = rud.dep_id
      where rud.user_id = u.id and ${compareExpression(sql.ref('rd.org_code'), condition, value)})`;
  targets.sysOrgCode = inDepart;
  targets.sys_org_code = inDepart;
  targets.org_code = targets.orgCode;
  return targets;
}

const RULE_TARGETS = userRuleTargets();

export type UserListQuery = Record<string, string | undefined>;

function tenantHeader(request: FastifyRequest): string {
  const raw = request.headers['tenant-id'];
  const value = (Array.isArray(raw) ? raw[0] : raw ?? '').trim();
  return value === '0' ? '' : value;
}

/** The data rules of the user list for the caller, as conditions. */
export async function userListRules(db: Db, request: FastifyRequest): Promise<Array<Expression<SqlBool>>> {
  const { user } = requireSession(request);
  const rules = await rulesForComponent(db, user.id, USER_LIST_COMPONENT);
  if (rules.length === 0) return [];
  return ruleExpressions(rules, RULE_TARGETS, await ruleContext(db, user, tenantHeader(request)));
}

function queryFilters(query: UserListQuery): Array<Expression<SqlBool>> {
  const filters: Array<Expression<SqlBool>> = [];
  for (const prop of TEXT_FILTERS) {
    const v = query[prop];
    if (v) {
      const f = valueFilter(USER_COLUMNS[prop], v);
      if (f) filters.push(f);
    }
  }
  for (const prop of NUMBER_FILTERS) {
    const v = query[prop]?.trim();
    if (!v) continue;
    if (!/^\d+(,\d+)*$/.test(v)) throw badRequest('查询条件格式不正确');
    filters.push(sql<SqlBool>`${sql.ref(USER_COLUMNS[prop])} in (${sql.join(v.split(',').map(Number))})`);
  }
  const begin = optionalTimestamp(query.createTime_begin, '创建时间');
  const end = optionalTimestamp(query.createTime_end?.length === 10 ? `${query.createTime_end} 23:59:59` : query.createTime_end, '创建时间');
  if (begin) filters.push(sql<SqlBool>`u.create_time >= ${begin}`);
  if (end) filters.push(sql<SqlBool>`u.create_time <= ${end}`);
  return filters;
}

export interface UserPage {
  users: SysUser[];
  total: number;
  page: PageParams;
}

/** /sys/user/list: filters of contract §6 (departId, code, status …), data rules, sorting and paging. */
export async function queryUserList(db: Db, query: UserListQuery, extra: Array<Expression<SqlBool>>): Promise<UserPage> {
  const page = pageParams(query);
  const terms = sortTerms(query, USER_COLUMNS, [{ column: 'u.create_time', direction: 'desc' }]);
  const conditions = [...queryFilters(query), ...extra];
  const departId = query.departId?.trim();
  if (departId) {
    const [dep] = idList(departId, '部门ID');
    conditions.push(sql<SqlBool>`u.id in (select user_id from sys_user_depart where dep_id = ${dep})`);
  }
  const codes = query.code ? idList(query.code, '用户ID', { required: false }) : [];
  if (codes.length > 0) {
    conditions.push(sql<SqlBool>`u.id in (${sql.join(codes)})`);
    page.pageSize = codes.length;
    page.pageNo = 1;
  }
  let base = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0).where('u.username', '<>', RESERVED_USERNAME);
  for (const c of conditions) base = base.where(c);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await base
    .selectAll('u')
    .orderBy(orderBySql([...terms, { column: 'u.id', direction: 'asc' }]))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { users, total: Number(count.n), page };
}
