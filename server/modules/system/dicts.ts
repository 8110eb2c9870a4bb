import { cached } from '../../core/shared-state';
import type { Db } from '../../db/types';
import { ENUM_DICTS } from '../../db/seed/dicts';

/** DictModel of the contract: title and label repeat text. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

const model = (value: string, text: string): DictModel => ({ value, text, title: text, label: text });

/** Items of one plain dictionary (all statuses, as the contract's getDictItems). */
export function dictItems(db: Db, code: string): Promise<DictModel[]> {
  return cached(db, `dict:${code}`, () => loadDictItems(db, code));
}

async function loadDictItems(db: Db, code: string): Promise<DictModel[]> {
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', code)
    .where('d.del_flag', '=', 0)
    .orderBy('i.sort_order')
    .orderBy('i.item_value')
    .execute();
  if (rows.length === 0 && ENUM_DICTS[code]) return ENUM_DICTS[code].map(([v, t]) => model(v, t));
  return rows.map((r) => model(r.item_value, r.item_text));
}

/** { code: DictModel[] } of every dictionary with its enabled items (login result, queryAllDictItems). */
export function allDictItems(db: Db): Promise<Record<string, DictModel[]>> {
  return cached(db, 'dicts:all', () => loadAllDictItems(db));
}

async function loadAllDictItems(db: Db): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .selectFrom('sys_dict as d')
    .leftJoin('sys_dict_item as i', (join) => join.onRef('i.dict_id', '=', 'd.id').on('i.status', '=', 1))
    .select(['d.dict_code', 'i.item_value', 'i.item_text', 'i.sort_order'])
    .where('d.del_flag', '=', 0)
    .orderBy('d.dict_code')
    .orderBy('i.sort_order')
    .execute();
  const out: Record<string, DictModel[]> = {};
  for (const r of rows) {
    const list = (out[r.dict_code] ??= []);
    if (r.item_value !== null && r.item_text !== null) list.push(model(r.item_value, r.item_text));
  }
  for (const [code, items] of Object.entries(ENUM_DICTS)) out[code] ??= items.map(([v, t]) => model(v, t));
  return out;
}
