import type { FastifyRequest } from 'fastify';
import { requireGrants, requireSession } from '../../../core/access-control';
import { forbidden } from '../../../core/envelope';
import { grantedPermissionIds } from '../../../core/permissions';
import { cached } from '../../../core/shared-state/cache';
import type { Db } from '../../../db/types';
import type { EntityDefinition } from '../../entity/definitions';
import { dataRuleConditions } from '../../entity/list-conditions';
import { fieldMap, type DataRule, type ListOptions } from '../../entity/list-query';
import type { HeadRow, OnlineForm } from './definition';

/** The list routes a menu may point at; the last segment is the head id or the table name. */
export const FORM_ROUTES = [
  '/online/cgformList/',
  '/online/cgformTreeList/',
  '/online/cgformErpList/',
  '/online/cgformTabList/',
  '/online/cgformInnerTableList/',
];

/** Button codes of the standard actions (onl_auth_page type 2). */
export type ButtonCode = 'add' | 'update' | 'delete' | 'batch_delete' | 'import' | 'export' | 'detail' | 'super_query' | string;

/** Form codes (head ids or table names) the user reaches through granted menus. */
async function loadMenuForms(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_permission')
    .select('url')
    .where('id', 'in', grantedPermissionIds(db, userId))
    .where('del_flag', '=', 0)
    .where('menu_type', 'in', [0, 1])
    .where('url', 'like', '/online/cgform%')
    .execute();
  const out = new Set<string>();
  for (const { url } of rows) {
    const route = FORM_ROUTES.find((r) => url?.startsWith(r));
    if (route && url) out.add(url.slice(route.length).split(/[?#/]/)[0]!);
  }
  return [...out];
}

/** The caller's authorisations on one form: hidden columns, refused buttons and data rules. */
export interface FormAuth {
  isAdmin: boolean;
  hiddenColumns: Set<string>;
  hiddenButtons: Set<string>;
  dataRules: DataRule[];
}

async function loadRoleIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id);
}

async function loadFormAuth(db: Db, userId: string, formId: string): Promise<Omit<FormAuth, 'isAdmin'>> {
  const roleIds = await loadRoleIds(db, userId);
  const pages = await db
    .selectFrom('onl_auth_page')
    .select(['id', 'code', 'type'])
    .where('cgform_id', '=', formId)
    .where('status', '=', 1)
    .execute();
  const data = await db
    .selectFrom('onl_auth_data')
    .select(['id', 'rule_column', 'rule_operator', 'rule_value'])
    .where('cgform_id', '=', formId)
    .where('status', '=', 1)
    .execute();
  const related = roleIds.length
    ? await db
        .selectFrom('onl_auth_relation')
        .select(['auth_id', 'type'])
        .where('cgform_id', '=', formId)
        .where('role_id', 'in', roleIds)
        .execute()
    : [];
  const mine = new Set(related.map((r) => r.auth_id));
  const hiddenColumns = new Set<string>();
  const hiddenButtons = new Set<string>();
  for (const p of pages) {
    if (mine.has(p.id)) continue;
    (p.type === 2 ? hiddenButtons : hiddenColumns).add(p.code);
  }
  const ruleIds = new Set(related.filter((r) => r.type === 3).map((r) => r.auth_id));
  const dataRules = data
    .filter((d) => ruleIds.has(d.id) && d.rule_column && d.rule_operator)
    .map((d) => ({ column: d.rule_column!, condition: d.rule_operator!, value: d.rule_value ?? '' }));
  return { hiddenColumns, hiddenButtons, dataRules };
}

/** Refuses (403) unless the caller is an administrator or holds a menu of this form. */
export async function requireFormAccess(request: FastifyRequest, db: Db, head: HeadRow): Promise<FormAuth> {
  const grants = await requireGrants(request, db);
  const { user } = requireSession(request);
  if (grants.isAdmin) return { isAdmin: true, hiddenColumns: new Set(), hiddenButtons: new Set(), dataRules: [] };
  const forms = await cached(db, `onlforms:${user.id}`, () => loadMenuForms(db, user.id));
  if (!forms.includes(head.id) && !forms.includes(head.table_name)) throw forbidden();
  const auth = await cached(db, `onlauth:${user.id}:${head.id}`, async () => {
    const a = await loadFormAuth(db, user.id, head.id);
    return { hiddenColumns: [...a.hiddenColumns], hiddenButtons: [...a.hiddenButtons], dataRules: a.dataRules };
  });
  return {
    isAdmin: false,
    hiddenColumns: new Set(auth.hiddenColumns),
    hiddenButtons: new Set(auth.hiddenButtons),
    dataRules: auth.dataRules,
  };
}

/** 403 when the button is controlled and the caller's roles are not given it. */
export function requireButton(auth: FormAuth, code: ButtonCode): void {
  if (auth.hiddenButtons.has(code)) throw forbidden();
}

/** The definition as this caller sees it: controlled columns they lack are gone (not listed, not exported, not written). */
export function visibleDefinition(def: EntityDefinition, hidden: ReadonlySet<string>): EntityDefinition {
  if (hidden.size === 0) return def;
  const fields = def.fields.filter((f) => f.primaryKey || f.audit || !hidden.has(f.property));
  return { ...def, fields };
}

/** A sub form's own authorisations are read for its own head (its columns may be controlled too). */
export async function subAuth(request: FastifyRequest, db: Db, sub: OnlineForm): Promise<Set<string>> {
  const grants = await requireGrants(request, db);
  if (grants.isAdmin) return new Set();
  const { user } = requireSession(request);
  const a = await cached(db, `onlauth:${user.id}:${sub.head.id}`, async () => {
    const r = await loadFormAuth(db, user.id, sub.head.id);
    return { hiddenColumns: [...r.hiddenColumns], hiddenButtons: [...r.hiddenButtons], dataRules: r.dataRules };
  });
  return new Set(a.hiddenColumns);
}

/**
 * The role data rules as conditions, built on the whole definition (a rule may name a column the
 * caller does not see), the #{…} variables bound from the signed-in user.
 */
export function listOptionsOf(request: FastifyRequest, auth: FormAuth, full: EntityDefinition): ListOptions {
  if (!auth.dataRules.length) return {};
  const { user } = requireSession(request);
  const variables = { sysUserCode: user.username, sysUserName: user.realname, sysOrgCode: user.orgCode };
  return { where: dataRuleConditions(auth.dataRules, fieldMap(full), variables) };
}
