/**
 * Server-side registries for table dictionaries and tree tables (no client-supplied SQL identifiers). The client names
 * a dictionary ("table,text,code") or a tree table; only what is registered here reaches SQL, and
 * then only through these trusted identifiers. Other modules register their own tables at start-up.
 */

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
  assertIdentifiers(entry.table, entry.text, entry.value, ...(entry.filter ?? []).map(([c]) => c), ...(entry.orderBy ? [entry.orderBy] : []));
  for (const code of [entry.code, ...(entry.aliases ?? [])]) {
    const key = normaliseDictCode(code);
    if (tableDicts.has(key) && tableDicts.get(key) !== entry) throw new Error(`registry: table dictionary "${key}" registered twice`);
    tableDicts.set(key, entry);
  }
}

export function registerTreeTable(entry: TreeTableEntry): void {
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
  return tableDicts.get(normaliseDictCode(code));
}

export function findTreeTable(table: string): TreeTableEntry | undefined {
  return treeTables.get(table.trim().toLowerCase());
}

const userDict = (value: string): TableDictEntry => ({
  code: `sys_user,realname,${value}`,
  table: 'sys_user',
  text: 'realname',
  value,
  filter: [['del_flag', 0]],
  aliases: [`sys_user where del_flag=0,realname,${value}`, `sys_user where del_flag = '0',realname,${value}`],
  permission: USER_PICK_PERMISSION,
  orderBy: 'username',
});

const departDict = (value: string): TableDictEntry => ({
  code: `sys_depart,depart_name,${value}`,
  table: 'sys_depart',
  text: 'depart_name',
  value,
  filter: [['del_flag', '0']],
  aliases: [`sys_depart where del_flag='0',depart_name,${value}`],
  orderBy: 'org_code',
});

registerTableDict(userDict('username'));
registerTableDict(userDict('id'));
registerTableDict(departDict('id'));
registerTableDict(departDict('org_code'));
registerTableDict({ code: 'sys_position,name,code', table: 'sys_position', text: 'name', value: 'code', orderBy: 'code' });
registerTableDict({ code: 'sys_position,name,id', table: 'sys_position', text: 'name', value: 'id', orderBy: 'code' });
registerTableDict({ code: 'sys_role,role_name,role_code', table: 'sys_role', text: 'role_name', value: 'role_code', orderBy: 'role_code' });
registerTableDict({ code: 'sys_role,role_name,id', table: 'sys_role', text: 'role_name', value: 'id', orderBy: 'role_code' });
registerTableDict({ code: 'sys_tenant,name,id', table: 'sys_tenant', text: 'name', value: 'id', filter: [['status', 1]], orderBy: 'id' });
registerTableDict({ code: 'sys_dict,dict_name,dict_code', table: 'sys_dict', text: 'dict_name', value: 'dict_code', filter: [['del_flag', 0]], orderBy: 'dict_code' });
registerTableDict({ code: 'sys_category,name,id', table: 'sys_category', text: 'name', value: 'id', orderBy: 'code' });
registerTableDict({ code: 'sys_category,name,code', table: 'sys_category', text: 'name', value: 'code', orderBy: 'code' });

registerTreeTable({
  table: 'sys_depart',
  columns: ['id', 'parent_id', 'depart_name', 'org_code', 'org_category', 'org_type', 'status'],
  filter: [['del_flag', '0']],
  orderBy: 'depart_order',
});
registerTreeTable({ table: 'sys_category', columns: ['id', 'pid', 'name', 'code', 'has_child'], orderBy: 'code' });
