import type { Db } from '../../db/types';
import type { JsonValue } from '../../core/json';
import { cached } from '../../core/shared-state';
import { LOOKUP_ROW_CAP, tableDictLabels } from '../lookup/dict-queries';
import { areaTextOf, isAreaDictCode } from '../lookup/area-dict';
import { findTableDict, isTableDictCode, type TableDictEntry } from '../lookup/registry';

/**
 * value → text of each dictionary code asked for: plain codes in one query; table dictionaries
 * ("table,text,code", registered in the lookup registry) only for the given values.
 */
export async function loadDictTexts(
  db: Db,
  codes: readonly string[],
  values?: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>(codes.map((c) => [c, new Map()]));
  if (codes.length === 0 || (values && values.length === 0)) return out;
  const plain = codes.filter((c) => !isTableDictCode(c) && !isAreaDictCode(c));
  for (const code of codes.filter(isAreaDictCode)) out.set(code, areaTexts(values ?? []));
  for (const code of codes.filter(isTableDictCode)) {
    const entry = findTableDict(code);
    if (entry && values) out.set(code, await tableLabels(db, entry, [...new Set(values)]));
  }
  if (plain.length === 0) return out;
  for (const [code, items] of await plainDictItems(db, plain)) out.set(code, items);
  return out;
}

/**
 * Every item of the plain dictionaries, through the read cache (dropped on every write request): a list page
 * then translates its dictionary columns without a query of its own. Plain dictionaries are short lists.
 */
function plainDictItems(db: Db, codes: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const sorted = [...new Set(codes)].sort();
  return cached(db, `dicttexts:${sorted.join(',')}`, async () => {
    const out = new Map<string, Map<string, string>>(sorted.map((c) => [c, new Map()]));
    const rows = await db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.dict_code', 'in', sorted)
      .where('d.del_flag', '=', 0)
      .execute();
    for (const row of rows) out.get(row.dict_code)?.set(row.item_value, row.item_text);
    return out;
  });
}

function areaTexts(values: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const value of values) {
    const text = areaTextOf(value);
    if (text) out.set(value, text);
  }
  return out;
}

/** The lookup answers at most LOOKUP_ROW_CAP rows a call, so a long export batch asks in slices. */
async function tableLabels(db: Db, entry: TableDictEntry, values: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let start = 0; start < values.length; start += LOOKUP_ROW_CAP) {
    for (const [value, text] of await tableDictLabels(db, entry, values.slice(start, start + LOOKUP_ROW_CAP))) out.set(value, text);
  }
  return out;
}

export interface DictField {
  property: string;
  dictCode?: string;
}

const splitValues = (value: JsonValue | undefined): string[] =>
  value === null || value === undefined || value === '' ? [] : String(value).split(',');

/**
 * Adds `<property>_dictText` after each dictionary property (comma lists translated item by item,
 * unknown values kept), with one query for the whole page. Empty values get no text.
 */
export async function addDictTexts(
  db: Db,
  records: Array<Record<string, JsonValue>>,
  fields: readonly DictField[],
): Promise<Array<Record<string, JsonValue>>> {
  const dictFields = fields.filter((f): f is Required<DictField> => !!f.dictCode);
  if (dictFields.length === 0 || records.length === 0) return records;
  const values = new Set<string>();
  for (const r of records) for (const f of dictFields) for (const v of splitValues(r[f.property])) values.add(v);
  const texts = await loadDictTexts(db, [...new Set(dictFields.map((f) => f.dictCode))], [...values]);
  const byProperty = new Map(dictFields.map((f) => [f.property, texts.get(f.dictCode)!]));
  return records.map((record) => {
    const out: Record<string, JsonValue> = {};
    for (const [key, value] of Object.entries(record)) {
      out[key] = value;
      const dict = byProperty.get(key);
      if (dict && value !== null && value !== '') {
        out[`${key}_dictText`] = splitValues(value)
          .map((v) => dict.get(v) ?? v)
          .join(',');
      }
    }
    return out;
  });
}
