import { sql } from 'kysely';
import type { Db, SysUser } from '../../db/types';
import { toJsonRow, type JsonValue } from '../../core/json';
import { cached } from '../../core/shared-state';
import { splitIds } from '../../core/tokens';

const HIDDEN_USER_COLUMNS = ['password', 'salt', 'third_id', 'third_type', 'client_id'] as const;

/** Items of plain dictionaries as value → text maps. */
export function dictMaps(db: Db, codes: readonly string[]): Promise<Map<string, Map<string, string>>> {
  return cached(db, `dictmaps:${codes.join(',')}`, () => loadDictMaps(db, codes));
}

async function loadDictMaps(db: Db, codes: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>(codes.map((c) => [c, new Map()]));
  if (codes.length === 0) return out;
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['d.dict_code', 'i.item_value', 'i.item_text'])
    .where('d.dict_code', 'in', [...codes])
    .where('d.del_flag', '=', 0)
    .execute();
  for (const r of rows) out.get(r.dict_code)?.set(r.item_value, r.item_text);
  return out;
}

/** Comma values translated one by one; unknown values pass through. */
export function translate(map: ReadonlyMap<string, string> | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value)
    .split(',')
    .map((v) => map?.get(v) ?? v)
    .join(',');
}

/** code → name of positions; the table belongs to the entity engine and may not exist yet. */
async function positionNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const exists = await sql<{ present: boolean }>`select to_regclass('sys_position') is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return new Map();
  const rows = await sql<{ code: string; name: string }>`select code, name from sys_position where code in (${sql.join(codes)})`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [r.code, r.name]));
}

/** User JSON records of a list: adds orgCodeTxt (department names) and the `<field>_dictText` fields lists carry. */
export async function decorateUserRecords(db: Db, records: Array<Record<string, JsonValue>>): Promise<Array<Record<string, JsonValue>>> {
  if (records.length === 0) return [];
  const ids = records.map((r) => String(r.id));
  const text = (v: JsonValue | undefined) => (typeof v === 'string' ? v : null);
  const ledIds = [...new Set(records.flatMap((r) => splitIds(text(r.departIds))))];
  // one round trip for both: the departments the users belong to (user_id set) and those they lead (by id)
  const departs = await db
    .selectFrom('sys_depart as d')
    .leftJoin('sys_user_depart as ud', (join) => join.onRef('ud.dep_id', '=', 'd.id').on('ud.user_id', 'in', ids))
    .select(['d.id', 'd.depart_name', 'ud.user_id'])
    .where((eb) => eb.or([eb('ud.user_id', 'is not', null), ...(ledIds.length ? [eb('d.id', 'in', ledIds)] : [])]))
    .orderBy('d.org_code')
    .execute();
  const departNames = new Map<string, string[]>();
  const ledNames = new Map<string, string>();
  for (const d of departs) {
    if (d.user_id) departNames.set(d.user_id, [...(departNames.get(d.user_id) ?? []), d.depart_name]);
    ledNames.set(d.id, d.depart_name);
  }
  const posts = await positionNames(db, [...new Set(records.flatMap((r) => splitIds(text(r.post))))]);
  const dicts = await dictMaps(db, ['sex', 'user_status', 'user_identity']);
  return records.map((r) => ({
    ...r,
    orgCodeTxt: departNames.get(String(r.id))?.join(',') ?? null,
    sex_dictText: translate(dicts.get('sex'), r.sex),
    status_dictText: translate(dicts.get('user_status'), r.status),
    userIdentity_dictText: translate(dicts.get('user_identity'), r.userIdentity),
    post_dictText: translate(posts, r.post),
    departIds_dictText: translate(ledNames, r.departIds),
  }));
}

export function userJson(u: SysUser): Record<string, JsonValue> {
  return toJsonRow(u, HIDDEN_USER_COLUMNS);
}

export async function userRecords(db: Db, users: readonly SysUser[]): Promise<Array<Record<string, JsonValue>>> {
  return decorateUserRecords(db, users.map(userJson));
}
