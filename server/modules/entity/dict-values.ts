import type { Db } from '../../db/types';
import { searchTableDict } from '../lookup/dict-queries';
import { areaCodeOf, isAreaDictCode } from '../lookup/area-dict';
import { findTableDict, isTableDictCode } from '../lookup/registry';
import { loadDictTexts } from './dict-text';

/**
 * Item values of an entity's dictionaries, named by value or by text (Excel import gives texts).
 * Plain dictionaries are loaded whole once; table dictionaries are asked per value and remembered.
 */
export class DictionaryValues {
  private plain: Map<string, Map<string, string>> | null = null;
  private readonly table = new Map<string, Map<string, string | null>>();

  constructor(
    private readonly db: Db,
    private readonly codes: readonly string[],
  ) {}

  private async plainDict(code: string): Promise<Map<string, string>> {
    this.plain ??= await loadDictTexts(
      this.db,
      this.codes.filter((c) => !isTableDictCode(c) && !isAreaDictCode(c)),
    );
    return this.plain.get(code) ?? new Map();
  }

  /** Whether the dictionary can hold a value: a registered table dictionary, or a plain one with items. */
  async hasItems(code: string): Promise<boolean> {
    if (isAreaDictCode(code)) return true;
    if (isTableDictCode(code)) return findTableDict(code) !== undefined;
    return (await this.plainDict(code)).size > 0;
  }

  /** The item value that `given` (a value or a text) names, or null when the dictionary has none. */
  async itemValue(code: string, given: string): Promise<string | null> {
    if (isAreaDictCode(code)) return areaCodeOf(given);
    if (!isTableDictCode(code)) {
      const dict = await this.plainDict(code);
      if (dict.has(given)) return given;
      for (const [value, text] of dict) if (text === given) return value;
      return null;
    }
    const known = this.table.get(code) ?? new Map<string, string | null>();
    this.table.set(code, known);
    if (!known.has(given)) known.set(given, await this.tableItemValue(code, given));
    return known.get(given) ?? null;
  }

  private async tableItemValue(code: string, given: string): Promise<string | null> {
    const entry = findTableDict(code);
    if (!entry || given === '') return null;
    // a comma list asks for exact values or texts (a single word would be a contains search)
    const items = await searchTableDict(this.db, entry, `${given},`, 10);
    return (items.find((i) => i.value === given) ?? items.find((i) => i.text === given))?.value ?? null;
  }
}
