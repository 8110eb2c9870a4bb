import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import { newId } from '../../core/ids';
import { jsonRows } from './common';

/** The three permission link tables and the owner columns that key them. */
export type GrantTarget =
  | { table: 'sys_role_permission'; roleId: string }
  | { table: 'sys_depart_permission'; departId: string }
  | { table: 'sys_depart_role_permission'; roleId: string; departId: string };

function ownerWhere(target: GrantTarget) {
  switch (target.table) {
    case 'sys_role_permission':
      return sql`role_id = ${target.roleId}`;
    case 'sys_depart_permission':
      return sql`depart_id = ${target.departId}`;
    case 'sys_depart_role_permission':
      return sql`role_id = ${target.roleId}`;
  }
}

export async function grantedIds(db: Db, target: GrantTarget): Promise<string[]> {
  const rows = await sql<{
    permission_id: string;
  }>`select permission_id from ${sql.table(target.table)} where ${ownerWhere(target)}`.execute(db);
  return rows.rows.map((r) => r.permission_id);
}

/**
 * saveRolePermission: adds `next − last`, removes `last − next`, so concurrent edits of
 * other nodes survive. Ids that are not live menus are ignored; `allowed` limits what may be added.
 */
export async function saveGrantDiff(
  db: Db,
  target: GrantTarget,
  next: string[],
  last: string[],
  allowed?: ReadonlySet<string>,
): Promise<void> {
  const nextSet = new Set(next);
  const lastSet = new Set(last);
  const removed = last.filter((id) => !nextSet.has(id));
  let added = next.filter((id) => !lastSet.has(id));
  if (added.length) {
    const live = await db.selectFrom('sys_permission').select('id').where('id', 'in', added).where('del_flag', '=', 0).execute();
    const liveIds = new Set(live.map((r) => r.id));
    added = added.filter((id) => liveIds.has(id) && (!allowed || allowed.has(id)));
  }
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    if (removed.length) {
      await sql`delete from ${sql.table(target.table)} where ${ownerWhere(target)} and permission_id in (${sql.join(removed)})`.execute(
        trx,
      );
    }
    for (const permissionId of added) {
      switch (target.table) {
        case 'sys_role_permission':
          await trx
            .insertInto('sys_role_permission')
            .values({
              id: newId(),
              role_id: target.roleId,
              permission_id: permissionId,
              data_rule_ids: null,
              operate_date: now,
              operate_ip: null,
            })
            .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
            .execute();
          break;
        case 'sys_depart_permission':
          await trx
            .insertInto('sys_depart_permission')
            .values({ id: newId(), depart_id: target.departId, permission_id: permissionId, data_rule_ids: null })
            .onConflict((oc) => oc.columns(['depart_id', 'permission_id']).doNothing())
            .execute();
          break;
        case 'sys_depart_role_permission':
          await trx
            .insertInto('sys_depart_role_permission')
            .values({
              id: newId(),
              depart_id: target.departId,
              role_id: target.roleId,
              permission_id: permissionId,
              data_rule_ids: null,
              operate_date: now,
              operate_ip: null,
            })
            .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
            .execute();
          break;
      }
    }
    if (target.table === 'sys_depart_permission' && removed.length) {
      await trx
        .deleteFrom('sys_depart_role_permission')
        .where('depart_id', '=', target.departId)
        .where('permission_id', 'in', removed)
        .execute();
    }
  });
}

/** {datarule, drChecked} of one menu for one link (role, department or department role). */
export async function dataRuleChoice(db: Db, target: GrantTarget, permissionId: string) {
  const rules = await db
    .selectFrom('sys_permission_data_rule')
    .selectAll()
    .where('permission_id', '=', permissionId)
    .where('status', '=', '1')
    .orderBy('create_time')
    .execute();
  if (rules.length === 0) throw businessError('未找到权限配置信息');
  const link = await sql<{ data_rule_ids: string | null }>`select data_rule_ids from ${sql.table(target.table)}
    where ${ownerWhere(target)} and permission_id = ${permissionId}`.execute(db);
  const result: Record<string, unknown> = { datarule: jsonRows(rules) };
  if (link.rows[0]) result.drChecked = link.rows[0].data_rule_ids ?? '';
  return result;
}

/** Stores the chosen rule ids on an existing link; the menu must be granted first. */
export async function saveDataRuleChoice(db: Db, target: GrantTarget, permissionId: string, ruleIds: string[]): Promise<void> {
  const link = await sql<{
    id: string;
  }>`select id from ${sql.table(target.table)} where ${ownerWhere(target)} and permission_id = ${permissionId}`.execute(db);
  if (!link.rows[0]) throw businessError('请先保存角色菜单权限!');
  if (ruleIds.length) {
    const rules = await db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('id', 'in', ruleIds)
      .where('permission_id', '=', permissionId)
      .execute();
    if (rules.length !== ruleIds.length) throw businessError('数据规则不存在');
  }
  await sql`update ${sql.table(target.table)} set data_rule_ids = ${ruleIds.join(',') || null} where id = ${link.rows[0].id}`.execute(db);
}
