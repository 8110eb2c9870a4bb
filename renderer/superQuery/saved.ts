import type { Condition, MatchType } from './model';

/** A saved advanced query. */
export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: Condition[];
}

export const SAVED_QUERY_PREFIX = 'pro__JSuperQuerySaved_';

export function savedQueryKey(code: string): string {
  return SAVED_QUERY_PREFIX + code;
}

export function readSavedQueries(code: string): SavedQuery[] {
  try {
    const text = globalThis.localStorage?.getItem(savedQueryKey(code));
    const list = text ? (JSON.parse(text) as unknown) : [];
    return Array.isArray(list) ? (list as SavedQuery[]) : [];
  } catch {
    return [];
  }
}

export function writeSavedQueries(code: string, list: SavedQuery[]): void {
  globalThis.localStorage?.setItem(savedQueryKey(code), JSON.stringify(list));
}

/** Insert or replace by title. */
export function upsertSavedQuery(list: SavedQuery[], query: SavedQuery): SavedQuery[] {
  const index = list.findIndex((item) => item.title === query.title);
  if (index < 0) return [...list, query];
  const next = [...list];
  next[index] = query;
  return next;
}

export function removeSavedQuery(list: SavedQuery[], title: string): SavedQuery[] {
  return list.filter((item) => item.title !== title);
}
