/**
 * Server-side registries for table dictionaries and tree tables (no client-supplied SQL identifiers). The client names
 * a dictionary ("table,text,code") or a tree table; only what is registered here reaches SQL, and
 * then only through these trusted identifiers. The entries are data: schemas/dicts/table-dicts.json
 * and a table-dicts.json in any DICT_DIRS folder (read on first use); modules may add their own.
 */
import { dictDirectories, readDataFiles } from '../../core/data-files';

export type FilterValue = string | number;

export interface TableDictEntry {
  /** canonical code "table,text,code" */
  code: string;
  table: string;
  /** label column */
  text: string;
  /** value column */
  value: string;
  /** fixed equality filters, values bound */
  filter?: ReadonlyArray<readonly [column: string, value: FilterValue]>;
  /** extra codes the client may send for the same entry, e.g. "sys_user where del_flag=0,realname,username" */
  aliases?: readonly string[];
  /** a permission code required besides sign-in */
  permission?: string;
  orderBy?: string;
}

export interface TreeTableEntry {
  table: string;
  /** columns the client may name as text, code, pidField, hasChildField or in condition */
  columns: readonly string[];
  filter?: ReadonlyArray<readonly [column: string, value: FilterValue]>;
  permission?: string;
  orderBy?: string;
}

export const UNKNOWN_DICT_MESSAGE = '字典不存在或不允许查询';
export const SENSITIVE_FIELD_MESSAGE = '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!';
export const USER_PICK_PERMISSION = 'sys:user:pick';
/** Who may page through users in the picker: the picker grant, and the administration screens that pick users
 * (department members, role members, department heads) without the user list itself. */
export const USER_PICKER_HOLDERS: readonly string[] = [USER_PICK_PERMISSION, 'depart:users', 'role:users', 'depart:add', 'depart:edit'];

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const SENSITIVE_COLUMNS = /(^|[\s,])(password|salt|token_hash|code_hash|answer)([\s,]|$)/i;

const tableDicts = new Map<string, TableDictEntry>();
const treeTables = new Map<string, TreeTableEntry>();
let loaded = false;

type Filter = Record<string, FilterValue>;
interface TableDictsFile {
  tableDicts?: Array<{ code: string; filter?: Filter; aliases?: string[]; permission?: string; orderBy?: string }>;
  treeTables?: Array<{ table: string; columns: string[]; filter?: Filter; permission?: string; orderBy?: string }>;
}

const filterOf = (filter: Filter | undefined) => (filter ? Object.entries(filter) : undefined);

/** Registers the declarations of the table-dicts files once (env read at first use, so tests may set DICT_DIRS). */
export function loadTableDictFiles(): void {
  if (loaded) return;
  loaded = true;
  for (const { json } of readDataFiles<TableDictsFile>(dictDirectories(), 'dicts', 'table-dicts')) {
    for (const d of json.tableDicts ?? []) {
      const [table, text, value] = d.code.split(',');
      registerTableDict({
        code: d.code,
        table,
        text,
        value,
        filter: filterOf(d.filter),
        aliases: d.aliases,
        permission: d.permission,
        orderBy: d.orderBy,
      });
    }
    for (const t of json.treeTables ?? []) registerTreeTable({ ...t, filter: filterOf(t.filter) });
  }
}

/** Lower case, no spaces around commas, single spaces elsewhere. */
export function normaliseDictCode(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ',');
}

function assertIdentifiers(...names: string[]): void {
  for (const n of names) if (!IDENTIFIER.test(n)) throw new Error(`registry: "${n}" is not a plain identifier`);
}

export function registerTableDict(entry: TableDictEntry): void {
  loadTableDictFiles();
  assertIdentifiers(
    entry.table,
    entry.text,
    entry.value,
    ...(entry.filter ?? []).map(([c]) => c),
    ...(entry.orderBy ? [entry.orderBy] : []),
  );
  if (namesSensitiveField(`${entry.table},${entry.text},${entry.value}`))
    throw new Error(`registry: table dictionary "${entry.code}" names a sensitive column`);
  for (const code of [entry.code, ...(entry.aliases ?? [])]) {
    const key = normaliseDictCode(code);
    if (tableDicts.has(key) && tableDicts.get(key) !== entry) throw new Error(`registry: table dictionary "${key}" registered twice`);
    tableDicts.set(key, entry);
  }
}

export function registerTreeTable(entry: TreeTableEntry): void {
  loadTableDictFiles();
  assertIdentifiers(entry.table, ...entry.columns, ...(entry.filter ?? []).map(([c]) => c), ...(entry.orderBy ? [entry.orderBy] : []));
  if (treeTables.has(entry.table)) throw new Error(`registry: tree table "${entry.table}" registered twice`);
  treeTables.set(entry.table, entry);
}

/** True when the code has the table-dictionary form (at least three comma parts). */
export function isTableDictCode(code: string): boolean {
  return code.split(',').length >= 3;
}

/** Sensitive fields (passwords, salts, tokens) may not be read through a table dictionary; checked before the registry for a clearer message. */
export function namesSensitiveField(code: string): boolean {
  return SENSITIVE_COLUMNS.test(code.split(',').slice(1).join(','));
}

/** The registered entry for a client's code, or undefined. A 4-part code matches only as a registered alias. */
export function findTableDict(code: string): TableDictEntry | undefined {
  loadTableDictFiles();
  return tableDicts.get(normaliseDictCode(code));
}

export function findTreeTable(table: string): TreeTableEntry | undefined {
  loadTableDictFiles();
  return treeTables.get(table.trim().toLowerCase());
}
