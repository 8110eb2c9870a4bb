import { sql } from 'kysely';
import { newId } from '../../core/ids';
import type { Db } from '../types';
import { seedBase, type GeneratedPasswords, type SeedPasswords, ROLE_SEED } from './base';
import { loadDictSeed, type DictSeed } from './dicts';
import { loadMenuSeed, type MenuSeed } from './menus';

const flag = (v: boolean | undefined, fallback = false): number => ((v ?? fallback) ? 1 : 0);

async function appliedKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_seed_applied').select('seed_key').execute();
  return new Set(rows.map((r) => r.seed_key));
}

/** Inserts one row and its grants unless its id (or, for a button, its code under the same menu) is there; true when inserted. */
async function insertMenu(db: Db, m: MenuSeed, roleIds: Map<string, string>, now: Date): Promise<boolean> {
  let existing = db.selectFrom('sys_permission').select('id').where('id', '=', m.id);
  if (m.menuType === 2 && m.parentId && m.perms) {
    const { parentId, perms } = m;
    existing = db
      .selectFrom('sys_permission')
      .select('id')
      .where((eb) =>
        eb.or([eb('id', '=', m.id), eb.and([eb('parent_id', '=', parentId), eb('perms', '=', perms), eb('menu_type', '=', 2)])]),
      );
  }
  if (await existing.executeTakeFirst()) return false;
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
  return true;
}

export interface SeedData {
  dicts: DictSeed[];
  menus: MenuSeed[];
}

/** The dictionary and menu files (schemas/ plus DICT_DIRS, MENU_DIRS, and the pages and entities buttons come from). */
export function loadSeedData(env: NodeJS.ProcessEnv = process.env): SeedData {
  return { dicts: loadDictSeed(env), menus: loadMenuSeed(env) };
}

const itemKey = (code: string, value: string) => `dict:${code}:${value}`;

const seedKeys = (data: SeedData): string[] => [
  ...data.dicts.flatMap((d) => [`dict:${d.code}`, ...d.items.map((i) => itemKey(d.code, i.value))]),
  ...data.menus.map((m) => `menu:${m.id}`),
];

type Audit = { create_by: string; create_time: Date; update_by: null; update_time: null };

/**
 * One dictionary: inserted with its items when the database has not seen it; items new to the file
 * are added to a dictionary already there. Returns the keys of what it inserted.
 */
async function applyDict(trx: Db, d: DictSeed, done: Set<string>, audit: Audit): Promise<string[]> {
  const key = `dict:${d.code}`;
  const added: string[] = [];
  const record = (k: string) => trx.insertInto('sys_seed_applied').values({ seed_key: k, applied_time: audit.create_time }).execute();
  // Recorded before items were tracked: its items are taken as they are (deletions stay deleted).
  const legacy = done.has(key) && !d.items.some((i) => done.has(itemKey(d.code, i.value)));
  let dict = await trx.selectFrom('sys_dict').select('id').where('dict_code', '=', d.code).executeTakeFirst();
  if (!done.has(key)) {
    if (!dict) {
      dict = { id: newId() };
      await trx
        .insertInto('sys_dict')
        .values({
          id: dict.id,
          dict_name: d.name,
          dict_code: d.code,
          description: d.description ?? null,
          del_flag: 0,
          type: d.type,
          ...audit,
        })
        .execute();
      added.push(key);
    }
    await record(key);
  }
  for (const [i, item] of d.items.entries()) {
    const k = itemKey(d.code, item.value);
    if (done.has(k)) continue;
    if (dict && !legacy) {
      const there = await trx
        .selectFrom('sys_dict_item')
        .select('id')
        .where('dict_id', '=', dict.id)
        .where('item_value', '=', item.value)
        .executeTakeFirst();
      if (!there) {
        await trx
          .insertInto('sys_dict_item')
          .values({
            id: newId(),
            dict_id: dict.id,
            item_text: item.text,
            item_value: item.value,
            description: item.description ?? null,
            sort_order: i + 1,
            status: 1,
            ...audit,
          })
          .execute();
        if (!added.includes(key)) added.push(k);
      }
    }
    await record(k);
  }
  return added;
}

/**
 * Inserts the menus, buttons and dictionaries of the data files that this database has not seen
 * yet, never changing a row that is there; returns the keys of the rows it inserted
 * ("dict:<code>", "dict:<code>:<value>", "menu:<id>").
 */
export async function applySeedData(db: Db, data: SeedData = loadSeedData()): Promise<string[]> {
  const seen = await appliedKeys(db);
  if (seedKeys(data).every((k) => seen.has(k))) return [];
  return db.transaction().execute(async (trx) => {
    const done = await appliedKeys(trx);
    const now = new Date();
    const audit: Audit = { create_by: 'system', create_time: now, update_by: null, update_time: null };
    const added: string[] = [];
    const roles = await trx.selectFrom('sys_role').select(['id', 'role_code']).execute();
    const roleIds = new Map(roles.map((r) => [r.role_code, r.id]));

    for (const d of data.dicts) added.push(...(await applyDict(trx, d, done, audit)));

    for (const m of data.menus) {
      const key = `menu:${m.id}`;
      if (done.has(key)) continue;
      if (await insertMenu(trx, m, roleIds, now)) added.push(key);
      await trx.insertInto('sys_seed_applied').values({ seed_key: key, applied_time: now }).execute();
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
  /** what the menu and dictionary files added ("menu:<id>", "dict:<code>", "dict:<code>:<value>") */
  added: string[];
}

/** Seeds users, roles, departments and tenants when sys_user is empty, then applies the menu and dictionary files. */
export async function seedDatabase(db: Db, passwords: SeedPasswords, data: SeedData = loadSeedData()): Promise<PrepareResult> {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  let generated: GeneratedPasswords | undefined;
  if (!anyUser) {
    generated = await db.transaction().execute((trx) => seedBase(trx, passwords));
  }
  const added = await applySeedData(db, data);
  return { seeded: !anyUser, generated, added };
}

export { ROLE_SEED };
