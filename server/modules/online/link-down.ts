import { findTreeTable } from '../lookup/registry';

/**
 * A 联动组件 (link_down) field's configuration, stored as JSON in its dict_table, e.g.
 * `{"table":"sys_category","txt":"name","key":"id","pidField":"pid","condition":"pid = '0'","linkField":"city,area"}`:
 * the field selects a root row of a registered tree table, each field named in linkField selects a child of the
 * field before it. Only `<pidField> = '<value>'` is accepted as condition (it names the roots' parent value, as
 * `pidValue` does); no SQL reaches the database from here.
 */
export interface LinkDownConfig {
  table: string;
  txt: string;
  key: string;
  pidField: string;
  /** the parent value of the first select's rows */
  pidValue: string;
  linkFields: string[];
}

const ROOT_CONDITION = /^\s*([a-z_][a-z0-9_]*)\s*=\s*'([^'\\]{0,100})'\s*$/i;
const FIELD_NAME = /^[a-z][a-z0-9_]{0,49}$/;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The configuration, or the reason it is refused (a message for the designer). */
export function parseLinkDown(raw: string | null | undefined): LinkDownConfig | { error: string } {
  let cfg: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw ?? '');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    cfg = parsed as Record<string, unknown>;
  } catch {
    return {
      error: '联动配置需要一个JSON对象，如 {"table":"sys_category","txt":"name","key":"id","pidField":"pid","linkField":"city,area"}',
    };
  }
  const table = text(cfg.table).toLowerCase();
  const entry = findTreeTable(table);
  if (!entry) return { error: `联动配置的表“${table}”不是登记过的树表` };
  const txt = text(cfg.txt);
  const key = text(cfg.key) || 'id';
  const pidField = text(cfg.pidField) || 'pid';
  for (const column of [txt, key, pidField]) {
    if (!entry.columns.includes(column)) return { error: `联动配置的字段“${column}”不在树表“${table}”的可查询字段中` };
  }
  let pidValue = text(cfg.pidValue);
  const condition = text(cfg.condition);
  if (condition) {
    const m = ROOT_CONDITION.exec(condition);
    if (!m || m[1]!.toLowerCase() !== pidField) return { error: `联动配置的condition只支持“${pidField} = '值'”的形式` };
    pidValue = m[2]!;
  }
  const linkFields = text(cfg.linkField)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = linkFields.find((f) => !FIELD_NAME.test(f));
  if (bad !== undefined) return { error: `联动配置的linkField“${bad}”不是合法的字段名` };
  return { table, txt, key, pidField, pidValue: pidValue.slice(0, 100), linkFields };
}
