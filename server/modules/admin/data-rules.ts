import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/types';
import { cached } from '../../core/shared-state';
import { formatDateTime, formatDay } from '../../core/time';
import { businessError } from '../../core/envelope';
import { escapeLike } from './common';
import type { SysDataRule } from './tables';

/** Rule conditions by code; JeecgBoot's symbols and upper-case names are read as the same. */
export const RULE_CONDITIONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'left_like', 'right_like'] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

const ALIASES: Record<string, RuleCondition> = {
  '=': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

export function normaliseCondition(value: string): RuleCondition | null {
  const v = value.trim();
  if (ALIASES[v]) return ALIASES[v];
  const lower = v.toLowerCase();
  return (RULE_CONDITIONS as readonly string[]).includes(lower) ? (lower as RuleCondition) : null;
}

/** Values the system variables of data rules (#{sys_user_code} …) stand for, for one caller. */
export interface RuleContext {
  username: string;
  realname: string;
  orgCode: string;
  multiOrgCode: string;
  tenantId: string;
  now: Date;
}

const VARIABLES: Record<string, (c: RuleContext) => string> = {
  sys_user_code: (c) => c.username,
  sys_user_name: (c) => c.realname,
  sys_org_code: (c) => c.orgCode,
  sys_multi_org_code: (c) => c.multiOrgCode,
  sys_date: (c) => formatDay(c.now),
  sys_time: (c) => formatDateTime(c.now) ?? '',
  tenant_id: (c) => c.tenantId,
  bpm_status: () => '1',
};

const VARIABLE = /#\{([A-Za-z_]+)\}/g;

function variableKey(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** true when every #{…} in the template names a known variable */
export function knownVariables(template: string): boolean {
  return [...template.matchAll(VARIABLE)].every((m) => VARIABLES[variableKey(m[1])] !== undefined) && !/#\{(?![A-Za-z_]+\})/.test(template);
}

/** The value with its variables substituted; null when a variable has no value for this caller (the rule then matches nothing). */
export function resolveTemplate(template: string, ctx: RuleContext): string | null {
  let missing = false;
  const value = template.replace(VARIABLE, (_, name: string) => {
    const resolved = VARIABLES[variableKey(name)]?.(ctx) ?? '';
    if (!resolved) missing = true;
    return resolved;
  });
  return missing ? null : value;
}

/** Rule fields checked at save: only the conditions of the rule list; no SQL rules, no unknown variables. */
export function validateRule(rule: { ruleConditions: string; ruleValue: string; ruleColumn?: string | null }): RuleCondition {
  if (/^use_sql_rules$/i.test(rule.ruleConditions.trim())) throw businessError('不支持自定义SQL规则');
  const condition = normaliseCondition(rule.ruleConditions);
  if (!condition) throw businessError('请选择条件!');
  if (!knownVariables(rule.ruleValue)) throw businessError('规则值中的系统变量不存在');
  if (rule.ruleColumn && !/^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(rule.ruleColumn)) throw businessError('规则字段格式不正确');
  return condition;
}

/** A bound comparison of `target` with the resolved value; LIKE values have their wildcards escaped. */
export function compareExpression(target: Expression<unknown>, condition: RuleCondition, value: string): Expression<SqlBool> {
  switch (condition) {
    case 'eq':
      return sql<SqlBool>`${target} = ${value}`;
    case 'ne':
      return sql<SqlBool>`${target} <> ${value}`;
    case 'gt':
      return sql<SqlBool>`${target} > ${value}`;
    case 'ge':
      return sql<SqlBool>`${target} >= ${value}`;
    case 'lt':
      return sql<SqlBool>`${target} < ${value}`;
    case 'le':
      return sql<SqlBool>`${target} <= ${value}`;
    case 'in': {
      const values = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      return values.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${target} in (${sql.join(values)})`;
    }
    case 'like':
      return sql<SqlBool>`${target} like ${`%${escapeLike(value)}%`}`;
    case 'left_like':
      return sql<SqlBool>`${target} like ${`%${escapeLike(value)}`}`;
    case 'right_like':
      return sql<SqlBool>`${target} like ${`${escapeLike(value)}%`}`;
  }
}

/** Text of the rule value after `}` of a trailing `%` is read as "starts with" (contract example `#{sys_org_code}%`). */
function effective(condition: RuleCondition, value: string): { condition: RuleCondition; value: string } {
  if (condition === 'eq' && value.endsWith('%') && !value.slice(0, -1).includes('%'))
    return { condition: 'right_like', value: value.slice(0, -1) };
  return { condition, value };
}

/**
 * Enabled rules chosen (data_rule_ids) for the caller's roles and department roles on the menus
 * whose component is `component`.
 */
export function rulesForComponent(db: Db, userId: string, component: string): Promise<SysDataRule[]> {
  return cached(db, `rules:${userId}:${component}`, () => loadRulesForComponent(db, userId, component));
}

async function loadRulesForComponent(db: Db, userId: string, component: string): Promise<SysDataRule[]> {
  const menus = await db.selectFrom('sys_permission').select('id').where('component', '=', component).where('del_flag', '=', 0).execute();
  if (menus.length === 0) return [];
  const menuIds = menus.map((m) => m.id);
  const roleLinks = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.data_rule_ids')
    .where('ur.user_id', '=', userId)
    .where('rp.permission_id', 'in', menuIds)
    .execute();
  const departLinks = await db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select('drp.data_rule_ids')
    .where('dru.user_id', '=', userId)
    .where('drp.permission_id', 'in', menuIds)
    .execute();
  const ids = new Set<string>();
  for (const link of [...roleLinks, ...departLinks]) {
    for (const id of (link.data_rule_ids ?? '').split(',')) if (id.trim()) ids.add(id.trim());
  }
  if (ids.size === 0) return [];
  return db
    .selectFrom('sys_permission_data_rule')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('permission_id', 'in', menuIds)
    .where('status', '=', '1')
    .execute();
}

/** How a list maps a rule column (entity property) to a condition. Unknown columns match nothing. */
export type RuleTargets = Readonly<Record<string, (condition: RuleCondition, value: string) => Expression<SqlBool>>>;

export function ruleExpressions(rules: readonly SysDataRule[], targets: RuleTargets, ctx: RuleContext): Array<Expression<SqlBool>> {
  return rules.map((rule) => {
    const condition = normaliseCondition(rule.rule_conditions);
    const target = rule.rule_column ? targets[rule.rule_column] : undefined;
    if (!condition || !target || !knownVariables(rule.rule_value)) return sql<SqlBool>`false`;
    const value = resolveTemplate(rule.rule_value, ctx);
    if (value === null) return sql<SqlBool>`false`;
    const resolved = effective(condition, value);
    return target(resolved.condition, resolved.value);
  });
}

/** The caller's values for the system variables. */
export async function ruleContext(
  db: Db,
  user: { id: string; username: string; realname: string | null; orgCode: string | null },
  tenantId: string,
): Promise<RuleContext> {
  const departs = await db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .select('d.org_code')
    .where('ud.user_id', '=', user.id)
    .execute();
  return {
    username: user.username,
    realname: user.realname ?? '',
    orgCode: user.orgCode ?? '',
    multiOrgCode: departs.map((d) => d.org_code).join(','),
    tenantId,
    now: new Date(),
  };
}
