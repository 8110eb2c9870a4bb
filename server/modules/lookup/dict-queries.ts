import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import type { FilterValue, TableDictEntry, TreeTableEntry } from './registry';
import { UNKNOWN_DICT_MESSAGE } from './registry';

/** DictModel of the contract: title and label repeat text. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

export const PLAIN_DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/** rows a lookup returns at most when the client asks for no page size */
export const LOOKUP_ROW_CAP = 500;

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const dictModel = (value: unknown, text: unknown): DictModel => {
  const t = asText(text);
  return { value: asText(value), text: t, title: t, label: t };
};

/** `%` `_` and `\` match themselves in a LIKE pattern built from client text. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function splitList(raw: string | undefined, max = 200): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, max);
}

const existingTables = new Set<string>();

/** Registered tables owned by other modules may not exist yet: answer the plain message then. */
async function requireTable(db: Db, table: string): Promise<void> {
  if (existingTables.has(table)) return;
  const row = await sql<{ present: boolean }>`select to_regclass(${table}) is not null as present`.execute(db);
  if (!row.rows[0]?.present) throw businessError(UNKNOWN_DICT_MESSAGE);
  existingTables.add(table);
}

const col = (name: string) => sql.ref(name);
const asVarchar = (name: string) => sql`cast(${col(name)} as varchar)`;

function fixedFilters(filter: ReadonlyArray<readonly [string, FilterValue]> | undefined): RawBuilder<unknown>[] {
  return (filter ?? []).map(([c, v]) => sql`${asVarchar(c)} = ${String(v)}`);
}

const whereAll = (conds: RawBuilder<unknown>[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

/** Items of a registered table dictionary matching `keyword` (comma list = exact values or labels). */
export async function searchTableDict(db: Db, entry: TableDictEntry, keyword: string, limit: number): Promise<DictModel[]> {
  await requireTable(db, entry.table);
  const conds = fixedFilters(entry.filter);
  const words = splitList(keyword);
  if (keyword.includes(',') && words.length) {
    const list = sql.join(words.map((w) => sql`${w}`));
    conds.push(sql`(${asVarchar(entry.text)} in (${list}) or ${asVarchar(entry.value)} in (${list}))`);
  } else if (keyword.trim()) {
    const pattern = containsPattern(keyword.trim());
    conds.push(sql`(${asVarchar(entry.text)} ilike ${pattern} or ${asVarchar(entry.value)} ilike ${pattern})`);
  }
  const order = col(entry.orderBy ?? entry.value);
  const rows = await sql<{ text: unknown; value: unknown }>`select ${col(entry.text)} as text, ${col(entry.value)} as value
    from ${sql.table(entry.table)} where ${whereAll(conds)} order by ${order} limit ${limit}`.execute(db);
  return rows.rows.map((r) => dictModel(r.value, r.text));
}

/** Labels of the given values, in the order of `keys`. */
export async function tableDictLabels(db: Db, entry: TableDictEntry, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  await requireTable(db, entry.table);
  const conds = fixedFilters(entry.filter);
  conds.push(sql`${asVarchar(entry.value)} in (${sql.join(keys.map((k) => sql`${k}`))})`);
  const rows = await sql<{ text: unknown; value: unknown }>`select ${col(entry.text)} as text, ${col(entry.value)} as value
    from ${sql.table(entry.table)} where ${whereAll(conds)} limit ${LOOKUP_ROW_CAP}`.execute(db);
  return new Map(rows.rows.map((r) => [asText(r.value), asText(r.text)]));
}

function plainItems(db: Db, code: string) {
  return db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', code)
    .where('d.del_flag', '=', 0)
    .where('i.status', '=', 1);
}

/** Enabled items of a plain dictionary matching `keyword`. */
export async function searchPlainDict(db: Db, code: string, keyword: string, limit: number): Promise<DictModel[]> {
  let query = plainItems(db, code);
  const words = splitList(keyword);
  if (keyword.includes(',') && words.length) {
    query = query.where((eb) => eb.or([eb('i.item_value', 'in', words), eb('i.item_text', 'in', words)]));
  } else if (keyword.trim()) {
    const pattern = containsPattern(keyword.trim());
    query = query.where((eb) => eb.or([eb('i.item_value', 'ilike', pattern), eb('i.item_text', 'ilike', pattern)]));
  }
  const rows = await query.orderBy('i.sort_order').orderBy('i.item_value').limit(limit).execute();
  return rows.map((r) => dictModel(r.item_value, r.item_text));
}

export async function plainDictLabels(db: Db, code: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await plainItems(db, code).where('i.item_value', 'in', keys).execute();
  return new Map(rows.map((r) => [r.item_value, r.item_text]));
}

export interface TreeQuery {
  pid: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField: string;
  /** column → value, already checked against the entry's columns */
  condition: Array<[string, string]>;
}

export interface TreeNode {
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string;
  leaf: boolean;
  isLeaf: boolean;
  icon: null;
  children: null;
}

/** Children of `pid` in a registered tree table; an empty pid lists the roots (empty or null parent). */
export async function treeChildren(db: Db, entry: TreeTableEntry, q: TreeQuery): Promise<TreeNode[]> {
  await requireTable(db, entry.table);
  const conds = fixedFilters(entry.filter);
  conds.push(q.pid ? sql`${asVarchar(q.pidField)} = ${q.pid}` : sql`(${col(q.pidField)} is null or ${asVarchar(q.pidField)} = '')`);
  for (const [c, v] of q.condition) conds.push(sql`${asVarchar(c)} like ${v}`);
  const childFilter = whereAll(fixedFilters(entry.filter));
  const hasChild = q.hasChildField
    ? sql<string>`cast(${col(q.hasChildField)} as varchar)`
    : sql<string>`case when exists (select 1 from ${sql.table(entry.table)} as c where cast(c.${col(q.pidField)} as varchar) = cast(t.${col(q.code)} as varchar) and ${childFilter}) then '1' else '0' end`;
  const rows = await sql<{
    k: unknown;
    title: unknown;
    parent: unknown;
    has_child: unknown;
  }>`select t.${col(q.code)} as k, t.${col(q.text)} as title,
      t.${col(q.pidField)} as parent, ${hasChild} as has_child
    from ${sql.table(entry.table)} as t where ${whereAll(conds)}
    order by t.${col(entry.orderBy ?? q.text)} limit ${LOOKUP_ROW_CAP}`.execute(db);
  return rows.rows.map((r) => {
    const key = asText(r.k);
    const leaf = asText(r.has_child) !== '1';
    return {
      key,
      title: asText(r.title),
      value: key,
      code: key,
      parentId: asText(r.parent),
      leaf,
      isLeaf: leaf,
      icon: null,
      children: null,
    };
  });
}
