import type { Db, SysPermission } from '../../db/types';
import { formatDateTime } from '../../core/time';
import type { JsonValue } from '../../core/json';

type Json = Record<string, JsonValue>;

/** SysPermission JSON (is_route/is_leaf → route/leaf; flags are booleans). */
export function permissionJson(p: SysPermission): Json {
  return {
    id: p.id,
    parentId: p.parent_id,
    name: p.name,
    url: p.url,
    component: p.component,
    componentName: p.component_name,
    redirect: p.redirect,
    menuType: p.menu_type,
    perms: p.perms,
    permsType: p.perms_type,
    sortNo: p.sort_no,
    alwaysShow: p.always_show === 1,
    icon: p.icon,
    route: p.is_route === 1,
    leaf: p.is_leaf === 1,
    keepAlive: p.keep_alive === 1,
    hidden: p.hidden === 1,
    hideTab: p.hide_tab === 1,
    description: p.description,
    delFlag: p.del_flag,
    ruleFlag: p.rule_flag,
    status: p.status,
    internalOrExternal: p.internal_or_external === 1,
    createBy: p.create_by,
    createTime: formatDateTime(p.create_time),
    updateBy: p.update_by,
    updateTime: formatDateTime(p.update_time),
  };
}

export async function allPermissions(db: Db): Promise<SysPermission[]> {
  return db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('id').execute();
}

function childrenOf(rows: readonly SysPermission[]): Map<string, SysPermission[]> {
  const map = new Map<string, SysPermission[]>();
  for (const r of rows) {
    const key = r.parent_id ?? '';
    map.set(key, [...(map.get(key) ?? []), r]);
  }
  return map;
}

/** Roots are rows without a parent or whose parent is gone (so nothing disappears from the admin tree). */
function roots(rows: readonly SysPermission[]): SysPermission[] {
  const ids = new Set(rows.map((r) => r.id));
  return rows.filter((r) => !r.parent_id || !ids.has(r.parent_id));
}

/** SysPermissionTree: entity fields + key, title, leaf, isLeaf, route, children. */
export function permissionTree(rows: readonly SysPermission[]): Json[] {
  const byParent = childrenOf(rows);
  const build = (p: SysPermission): Json => {
    const kids = byParent.get(p.id) ?? [];
    const node: Json = { ...permissionJson(p), key: p.id, title: p.name, leaf: kids.length === 0, isLeaf: kids.length === 0 };
    if (kids.length) node.children = kids.map(build);
    return node;
  };
  return roots(rows).map(build);
}

/**
 * One TreeModel node of the authorisation trees. JeecgBoot clients render every node's title through the
 * tree slot named by scopedSlots.title ("hasDatarule", which adds the data-rule mark when ruleFlag is 1),
 * so the slot is sent on every node; without it the original client's tree shows nothing.
 */
export function treeModel(p: SysPermission, isLeaf: boolean): Json {
  return {
    key: p.id,
    title: p.name,
    slotTitle: p.name,
    isLeaf,
    icon: p.icon,
    parentId: p.parent_id,
    value: p.id,
    label: p.name,
    ruleFlag: p.rule_flag,
    scopedSlots: { title: 'hasDatarule' },
  };
}

/** TreeModel trees for the authorisation dialogs (roles, departments, department roles). */
export function treeModels(rows: readonly SysPermission[]): Json[] {
  const byParent = childrenOf(rows);
  const build = (p: SysPermission): Json => {
    const kids = byParent.get(p.id) ?? [];
    const node = treeModel(p, kids.length === 0);
    if (kids.length) node.children = kids.map(build);
    return node;
  };
  return roots(rows).map(build);
}

/** The ids of `ids` and all their descendants. */
export function withDescendants(rows: readonly SysPermission[], ids: readonly string[]): string[] {
  const byParent = childrenOf(rows);
  const out = new Set<string>();
  const visit = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const c of byParent.get(id) ?? []) visit(c.id);
  };
  ids.forEach(visit);
  return [...out];
}

/** Sets is_leaf of `parentIds` from their current children. */
export async function refreshLeafFlags(db: Db, parentIds: ReadonlyArray<string | null>): Promise<void> {
  for (const id of new Set(parentIds)) {
    if (!id) continue;
    const child = await db
      .selectFrom('sys_permission')
      .select('id')
      .where('parent_id', '=', id)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    await db
      .updateTable('sys_permission')
      .set({ is_leaf: child ? 0 : 1 })
      .where('id', '=', id)
      .execute();
  }
}
