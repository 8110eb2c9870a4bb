import { sql } from 'kysely';
import { newId } from '../../core/ids';
import type { Db } from '../types';
import { seedBase, type GeneratedPasswords, type SeedPasswords, ROLE_SEED } from './base';
import { DICT_SEED } from './dicts';
import { MENU_SEED, type MenuSeed } from './menus';

const flag = (v: boolean | undefined, fallback = false): number => ((v ?? fallback) ? 1 : 0);

async function appliedKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_seed_applied').select('seed_key').execute();
  return new Set(rows.map((r) => r.seed_key));
}

async function insertMenu(db: Db, m: MenuSeed, roleIds: Map<string, string>, now: Date): Promise<void> {
  await db
    .insertInto('sys_permission')
    .values({
      id: m.id,
      parent_id: m.parentId ?? null,
      name: m.name,
      url: m.url ?? null,
      component: m.component ?? null,
      component_name: m.componentName ?? null,
      redirect: m.redirect ?? null,
      menu_type: m.menuType,
      perms: m.perms ?? null,
      perms_type: m.permsType ?? (m.menuType === 2 ? '1' : '0'),
      sort_no: m.sortNo,
      always_show: flag(m.alwaysShow),
      icon: m.icon ?? null,
      is_route: flag(m.isRoute, m.menuType !== 2),
      is_leaf: 1,
      keep_alive: flag(m.keepAlive),
      hidden: flag(m.hidden),
      hide_tab: flag(m.hideTab),
      description: null,
      del_flag: 0,
      rule_flag: 0,
      status: '1',
      internal_or_external: flag(m.internalOrExternal),
      create_by: 'system',
      create_time: now,
      update_by: null,
      update_time: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const grantTo = ['admin', ...m.roles].map((code) => roleIds.get(code)).filter((id): id is string => !!id);
  for (const roleId of grantTo) {
    await db
      .insertInto('sys_role_permission')
      .values({ id: newId(), role_id: roleId, permission_id: m.id, data_rule_ids: null, operate_date: now, operate_ip: null })
      .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
      .execute();
  }
}

const seedKeys = (): string[] => [...DICT_SEED.map((d) => `dict:${d.code}`), ...MENU_SEED.map((m) => `menu:${m.id}`)];

/** Inserts the menus and dictionaries of the seed files that this database has not seen yet. */
export async function applySeedData(db: Db): Promise<string[]> {
  const seen = await appliedKeys(db);
  if (seedKeys().every((k) => seen.has(k))) return [];
  return db.transaction().execute(async (trx) => {
    const done = await appliedKeys(trx);
    const now = new Date();
    const added: string[] = [];
    const roles = await trx.selectFrom('sys_role').select(['id', 'role_code']).execute();
    const roleIds = new Map(roles.map((r) => [r.role_code, r.id]));

    for (const d of DICT_SEED) {
      const key = `dict:${d.code}`;
      if (done.has(key)) continue;
      const existing = await trx.selectFrom('sys_dict').select('id').where('dict_code', '=', d.code).executeTakeFirst();
      if (!existing) {
        const dictId = newId();
        await trx
          .insertInto('sys_dict')
          .values({ id: dictId, dict_name: d.name, dict_code: d.code, description: null, del_flag: 0, type: d.type ?? 0, create_by: 'system', create_time: now, update_by: null, update_time: null })
          .execute();
        await trx
          .insertInto('sys_dict_item')
          .values(
            d.items.map(([value, text], i) => ({
              id: newId(),
              dict_id: dictId,
              item_text: text,
              item_value: value,
              description: null,
              sort_order: i + 1,
              status: 1,
              create_by: 'system',
              create_time: now,
              update_by: null,
              update_time: null,
            })),
          )
          .execute();
      }
      await trx.insertInto('sys_seed_applied').values({ seed_key: key, applied_time: now }).execute();
      added.push(key);
    }

    for (const m of MENU_SEED) {
      const key = `menu:${m.id}`;
      if (done.has(key)) continue;
      await insertMenu(trx, m, roleIds, now);
      await trx.insertInto('sys_seed_applied').values({ seed_key: key, applied_time: now }).execute();
      added.push(key);
    }

    if (added.some((k) => k.startsWith('menu:'))) {
      await sql`update sys_permission p set is_leaf = 0
        where exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0) and p.is_leaf <> 0`.execute(trx);
    }
    return added;
  });
}

export interface PrepareResult {
  /** true when this call seeded an empty database */
  seeded: boolean;
  /** generated passwords to print once; empty when they came from the environment */
  generated?: GeneratedPasswords;
}

/** Seeds users, roles, departments and tenants when sys_user is empty, then applies menu/dict seeds. */
export async function seedDatabase(db: Db, passwords: SeedPasswords): Promise<PrepareResult> {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  let generated: GeneratedPasswords | undefined;
  if (!anyUser) {
    generated = await db.transaction().execute((trx) => seedBase(trx, passwords));
  }
  await applySeedData(db);
  return { seeded: !anyUser, generated };
}

export { ROLE_SEED };
