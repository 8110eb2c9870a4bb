import type { FastifyRequest } from 'fastify';
import { requireGrants, requireSession } from '../../core/access-control';
import { forbidden } from '../../core/envelope';
import type { Db } from '../../db/types';
import { roleIdsIncludeAdmin } from './user-guards';

export const BROADER_ROLE_REFUSED = '不能分配比您自己权限更多的角色';

/** One granted menu or button of a role or department role, with the data rules chosen on it. */
interface GrantLink {
  permission_id: string;
  data_rule_ids: string | null;
}

export interface AttachedRoles {
  roleIds?: readonly string[];
  departRoleIds?: readonly string[];
}

const ruleIdsOf = (link: GrantLink): string[] =>
  (link.data_rule_ids ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

async function callerLinks(db: Db, userId: string): Promise<GrantLink[]> {
  const viaRoles = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(['rp.permission_id', 'rp.data_rule_ids'])
    .where('ur.user_id', '=', userId)
    .execute();
  const viaDepartRoles = await db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select(['drp.permission_id', 'drp.data_rule_ids'])
    .where('dru.user_id', '=', userId)
    .execute();
  return [...viaRoles, ...viaDepartRoles];
}

async function attachedLinks(db: Db, roleIds: readonly string[], departRoleIds: readonly string[]): Promise<GrantLink[]> {
  const ofRoles = roleIds.length
    ? await db
        .selectFrom('sys_role_permission')
        .select(['permission_id', 'data_rule_ids'])
        .where('role_id', 'in', [...roleIds])
        .execute()
    : [];
  const ofDepartRoles = departRoleIds.length
    ? await db
        .selectFrom('sys_depart_role_permission')
        .select(['permission_id', 'data_rule_ids'])
        .where('role_id', 'in', [...departRoleIds])
        .execute()
    : [];
  return [...ofRoles, ...ofDepartRoles];
}

/**
 * The data rules that narrow each of the caller's menus. The rules of all of a user's links to a menu
 * apply together (see rulesForComponent), so the caller's restriction on a menu is their union;
 * ids of rules that no longer exist restrict nothing and are left out.
 */
async function callerRestrictions(db: Db, links: readonly GrantLink[]): Promise<Map<string, Set<string>>> {
  const mentioned = [...new Set(links.flatMap(ruleIdsOf))];
  const existing = mentioned.length
    ? new Set((await db.selectFrom('sys_permission_data_rule').select('id').where('id', 'in', mentioned).execute()).map((r) => r.id))
    : new Set<string>();
  const restrictions = new Map<string, Set<string>>();
  for (const link of links) {
    const rules = restrictions.get(link.permission_id) ?? new Set<string>();
    for (const id of ruleIdsOf(link)) if (existing.has(id)) rules.add(id);
    restrictions.set(link.permission_id, rules);
  }
  return restrictions;
}

/**
 * Someone who is not an administrator may attach to a user (themselves included) only roles and
 * department roles that grant no menu or button the caller lacks, and that narrow each menu by at
 * least the data rules narrowing it for the caller; never the admin role, which holds everything.
 */
export async function refuseBroaderRoles(request: FastifyRequest, db: Db, attached: AttachedRoles): Promise<void> {
  const roleIds = attached.roleIds ?? [];
  const departRoleIds = attached.departRoleIds ?? [];
  if (roleIds.length === 0 && departRoleIds.length === 0) return;
  if ((await requireGrants(request, db)).isAdmin) return;
  if (await roleIdsIncludeAdmin(db, roleIds)) throw forbidden(BROADER_ROLE_REFUSED);
  const held = await callerRestrictions(db, await callerLinks(db, requireSession(request).user.id));
  for (const link of await attachedLinks(db, roleIds, departRoleIds)) {
    const callerRules = held.get(link.permission_id);
    if (!callerRules) throw forbidden(BROADER_ROLE_REFUSED);
    const roleRules = new Set(ruleIdsOf(link));
    for (const rule of callerRules) if (!roleRules.has(rule)) throw forbidden(BROADER_ROLE_REFUSED);
  }
}
