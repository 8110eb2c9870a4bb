import { businessError } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import { refusedPattern, type UserPattern } from '../../../core/user-pattern';
import { fieldTypeOf, isUnique, patternOf, rangeOf, refusedPatternOf } from '../field-rules';
import {
  defineEntity,
  EntityDefinitionError,
  type EntityColumnJson,
  type EntityDefinition,
  type EntityJson,
} from '../../entity/definitions';
import type { FieldType } from '../../entity/list-query';
import { findTableDict } from '../../lookup/registry';
import type { OnlCgformFieldTable } from '../form-tables';
import { readHead, type HeadRow } from '../heads';
import type { Selectable } from 'kysely';

export { readHead, type HeadRow };
export type FieldRow = Selectable<OnlCgformFieldTable>;

/** The contract's refusal for a form whose physical table has not been created (matched by the client). */
export const NO_DB_SYNC = 'NO_DB_SYNC';
export const FORM_NOT_FOUND = '表单不存在';

/** Identifiers taken from the metadata must look like this before they reach SQL (quoted as well). */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'];
const STANDARD_COLUMNS = new Set(['id', ...AUDIT_COLUMNS]);

/** One online form, loaded and resolved: its head, visible metadata fields and the engine's definition. */
export interface OnlineForm {
  head: HeadRow;
  /** the designer's fields in order (standard columns excluded) */
  fields: FieldRow[];
  def: EntityDefinition;
  /** sub forms of a main form, in sub_table_str order */
  subs: OnlineForm[];
  /** the field of a sub form pointing at its main's id */
  foreignKey?: string;
}

function columnType(f: FieldRow): Pick<EntityColumnJson, 'type' | 'length' | 'precision' | 'scale'> {
  const type = fieldTypeOf(f.db_type);
  if (type === 'string') return { type, length: Math.max(1, f.db_length || 32) };
  if (f.db_type === 'BigDecimal') return { type, precision: f.db_length || undefined, scale: f.db_point_length ?? undefined };
  return { type };
}

/** The field's dictionary: a plain code, or a registered table dictionary (others are not used: no free table reads). */
export function dictCodeOf(f: FieldRow): string | undefined {
  const code = (f.dict_field ?? '').trim();
  if (!code) return undefined;
  if (f.dict_table && f.dict_text) {
    const table = `${f.dict_table.trim()},${f.dict_text.trim()},${code}`;
    return findTableDict(table) ? table : undefined;
  }
  return /^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(code) ? code : undefined;
}

function defaultOf(f: FieldRow, type: FieldType): string | number | undefined {
  const raw = (f.field_default_value ?? f.db_default_val ?? '').trim();
  if (!raw || raw.includes('#{') || raw.includes('${')) return undefined;
  if (type === 'int' || type === 'decimal') return Number.isFinite(Number(raw)) ? Number(raw) : undefined;
  return raw.replace(/^'(.*)'$/, '$1');
}

/** Stored patterns the linear-time engine refuses (saved before it checked them): kept, to answer their reason. */
function refusedPatterns(fields: FieldRow[]): Map<string, UserPattern> {
  const refused = new Map<string, UserPattern>();
  for (const f of fields) {
    const pattern = refusedPatternOf(f, fieldTypeOf(f.db_type));
    if (pattern) refused.set(f.db_field_name, refusedPattern(pattern.source, pattern.problem));
  }
  return refused;
}

/** Refuses identifiers the designer should never have stored. */
function checkIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw businessError(`表单配置不正确：${what} ${name.slice(0, 64)} 不是合法的名称`);
  return name;
}

/**
 * The engine's definition of one form table: built with defineEntity (the entity files' own
 * resolver) from placeholders, then given the metadata's snake_case names as properties and columns,
 * the form being addressed by its column names (as the online form API is).
 */
export function buildDefinition(head: HeadRow, fields: FieldRow[], subProperties: string[] = []): EntityDefinition {
  const table = checkIdentifier(head.table_name, '表名');
  const own = fields.filter((f) => !STANDARD_COLUMNS.has(f.db_field_name));
  const columns: EntityColumnJson[] = own.map((f) => {
    checkIdentifier(f.db_field_name, '字段');
    const type = columnType(f);
    const dictCode = dictCodeOf(f);
    const def = defaultOf(f, type.type);
    return {
      name: f.db_field_name,
      label: f.db_field_txt || f.db_field_name,
      ...type,
      ...(f.field_must_input === '1' || f.db_is_null === 0 ? { required: true } : {}),
      ...(isUnique(f) ? { unique: true } : {}),
      ...(dictCode ? { dictCode } : {}),
      ...(def !== undefined ? { default: def } : {}),
      ...patternOf(f, type.type),
      ...rangeOf(f, type.type),
      ...(f.main_table ? { queryMatch: 'exact' as const } : {}),
    };
  });
  // defineEntity reads camelCase names: resolve placeholders c0, c1 … and give the real names back
  const aliased = columns.map((c, i) => ({ ...c, name: `c${i}` }));
  const json = {
    $schema: '../_meta/entity.schema.json',
    table,
    label: head.table_txt || table,
    apiBase: `/online/cgform/api/crud/${head.id}`.replace(/[^A-Za-z0-9_/]/g, '_'),
    permissionPrefix: 'online:form',
    columns: aliased,
    defaultSort: { column: 'createTime', order: 'desc' as const },
  };
  let def: EntityDefinition;
  try {
    def = defineEntity(`online:${table}`, json);
  } catch (err) {
    if (err instanceof EntityDefinitionError) throw businessError(`表单配置不正确：${err.message.replace(/^实体定义 \S+：/, '')}`);
    throw err;
  }
  const names = new Map(columns.map((c, i) => [`c${i}`, c.name]));
  const refused = refusedPatterns(own);
  for (const f of def.fields) {
    const real = names.get(f.property) ?? f.column;
    f.property = real;
    f.column = real;
    const pattern = refused.get(real);
    if (pattern) f.rules = { ...f.rules, pattern };
  }
  for (const ix of def.indexes) ix.columns = ix.columns.map((c) => names.get(c) ?? c);
  for (const p of subProperties) if (def.fields.some((f) => f.property === p)) throw businessError(`表单配置不正确：子表 ${p} 与字段重名`);
  const realJson: EntityJson = { ...json, columns, defaultSort: { column: 'create_time', order: 'desc' } };
  return { ...def, idProperty: 'id', defaultSort: { column: 'create_time', order: 'desc' }, json: realJson };
}

async function readFields(db: Db, headId: string): Promise<FieldRow[]> {
  return db
    .selectFrom('onl_cgform_field')
    .selectAll()
    .where('cgform_head_id', '=', headId)
    .orderBy('order_num')
    .orderBy('db_field_name')
    .execute();
}

const stampOf = (h: HeadRow) =>
  `${h.id}:${h.table_version}:${h.update_time instanceof Date ? h.update_time.getTime() : String(h.update_time)}`;

/** Built forms by head id, valid while the head's id, table_version and update_time (and its subs') stay the same. */
const caches = new WeakMap<object, Map<string, { stamp: string; form: OnlineForm }>>();
const MAX_CACHED = 500;

async function build(db: Db, head: HeadRow, depth: number): Promise<{ form: OnlineForm; stamp: string }> {
  if (head.is_db_synch !== 'Y') throw businessError(NO_DB_SYNC);
  const fields = await readFields(db, head.id);
  let stamp = stampOf(head);
  const subs: OnlineForm[] = [];
  if (head.table_type === 2 && depth === 0) {
    const names = (head.sub_table_str ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const name of names) {
      const subHead = await readHead(db, name);
      if (!subHead || subHead.table_name !== name) continue;
      const built = await build(db, subHead, depth + 1);
      const fk = built.form.fields.find((f) => f.main_table === head.table_name && f.main_field);
      if (!fk) continue;
      built.form.foreignKey = fk.db_field_name;
      subs.push(built.form);
      stamp += `|${built.stamp}`;
    }
  }
  const def = buildDefinition(
    head,
    fields,
    subs.map((s) => s.head.table_name),
  );
  def.subTables = subs.map((s) => {
    const key = s.def.fields.find((f) => f.property === s.foreignKey);
    if (key) key.match = 'exact';
    return { entity: s.def, foreignKey: s.foreignKey!, property: s.head.table_name };
  });
  return { form: { head, fields: fields.filter((f) => !STANDARD_COLUMNS.has(f.db_field_name)), def, subs }, stamp };
}

/** The cheap part of each call: the head (and the subs' heads) compared with what was built. */
async function currentStamp(db: Db, head: HeadRow): Promise<string> {
  let stamp = stampOf(head);
  if (head.table_type === 2) {
    const names = (head.sub_table_str ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length) {
      const rows = await db.selectFrom('onl_cgform_head').selectAll().where('table_name', 'in', names).where('del_flag', '=', 0).execute();
      for (const name of names) {
        const sub = rows.find((r) => r.table_name === name);
        if (sub && sub.is_db_synch === 'Y') stamp += `|${stampOf(sub)}`;
      }
    }
  }
  return stamp;
}

/**
 * The form `code` names (head id or table name) as an engine definition. Re-read whenever the head's
 * table_version or update_time changes, so designing and syncing need no restart. Not synced → NO_DB_SYNC.
 */
export async function loadForm(db: Db, code: string, known?: HeadRow): Promise<OnlineForm> {
  const head = known ?? (await readHead(db, code));
  if (!head) throw businessError(FORM_NOT_FOUND);
  if (head.is_db_synch !== 'Y') throw businessError(NO_DB_SYNC);
  const stamp = await currentStamp(db, head);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(head.id);
  if (hit && hit.stamp === stamp) return hit.form;
  const built = await build(db, head, 0);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(head.id, { stamp, form: built.form });
  return built.form;
}

/** `formDefinition(db, code)`: the form's EntityDefinition (sub tables linked). */
export async function formDefinition(db: Db, code: string): Promise<EntityDefinition> {
  return (await loadForm(db, code)).def;
}
