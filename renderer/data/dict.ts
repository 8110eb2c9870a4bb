import { useEffect, useState } from 'react';
import { useRenderer } from '../context';
import { normalizeDictItems, type DataProvider, type DictItem } from './provider';

export { normalizeDictItems, type DictItem } from './provider';

/** Dictionaries are cached for 7 days. */
export const DICT_CACHE_MS = 7 * 24 * 60 * 60 * 1000;
/** The one dictionary cache: login's sysAllDictItems and every code fetched since (layout `{ value, expire }`). */
export const DICT_CACHE_KEY = 'pro__UI_CACHE_DB_DICT_DATA';
export const EMPTY_DICT_CODE_MESSAGE = '字典Code不能为空!';

interface StoredDicts {
  value: Record<string, unknown>;
  expire: number | null;
}

/** Normalized items by code, valid while `stored` is. */
const memory = new Map<string, DictItem[]>();
const inflight = new Map<string, Promise<DictItem[]>>();
/** The storage entry as last read or written here; null until first read (storage is parsed once, not per field). */
let stored: StoredDicts | undefined | null = null;

function readStorage(): StoredDicts | undefined {
  try {
    const text = globalThis.localStorage?.getItem(DICT_CACHE_KEY);
    if (!text) return undefined;
    const parsed = JSON.parse(text) as Partial<StoredDicts> | Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const wrapped = parsed as Partial<StoredDicts>;
    if (wrapped.expire && wrapped.expire <= Date.now()) return undefined;
    if (wrapped.value && typeof wrapped.value === 'object') return { value: wrapped.value, expire: wrapped.expire ?? null };
    return { value: parsed as Record<string, unknown>, expire: null };
  } catch {
    return undefined;
  }
}

function writeStorage(entry: StoredDicts): void {
  try {
    globalThis.localStorage?.setItem(DICT_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or unavailable: the memory cache still serves this session.
  }
}

function storedDicts(): StoredDicts | undefined {
  if (stored === null) stored = readStorage();
  if (stored?.expire && stored.expire <= Date.now()) {
    stored = undefined;
    memory.clear();
  }
  return stored;
}

/** Cached items of a code, or undefined. */
export function peekDictItems(code: string): DictItem[] | undefined {
  const raw = storedDicts()?.value[code];
  const hit = memory.get(code);
  if (hit) return hit;
  if (!Array.isArray(raw)) return undefined;
  const items = normalizeDictItems(raw);
  memory.set(code, items);
  return items;
}

function remember(code: string, items: DictItem[]): void {
  const current = storedDicts() ?? { value: {}, expire: Date.now() + DICT_CACHE_MS };
  stored = { value: { ...current.value, [code]: items }, expire: current.expire };
  memory.set(code, items);
  writeStorage(stored);
}

/**
 * Items of a dictionary code: from the cache, else through `data.dictionary` (one request per code
 * however many callers ask at once), then cached for 7 days. A failed request is not cached.
 */
export function loadDictItems(data: DataProvider, code: string | undefined): Promise<DictItem[]> {
  if (!code) return Promise.reject(new Error(EMPTY_DICT_CODE_MESSAGE));
  const cached = peekDictItems(code);
  if (cached) return Promise.resolve(cached);
  let pending = inflight.get(code);
  if (!pending) {
    pending = data.dictionary(code).then((items) => {
      remember(code, items);
      return items;
    });
    const forget = () => inflight.delete(code);
    pending.then(forget, forget);
    inflight.set(code, pending);
  }
  return pending;
}

/** Replaces the whole cache with `all` (the login result, or 刷新缓存 reloading every dictionary). */
export function saveAllDictItems(all: Record<string, unknown>, ttlMs: number = DICT_CACHE_MS): void {
  memory.clear();
  inflight.clear();
  stored = { value: all, expire: Date.now() + ttlMs };
  writeStorage(stored);
}

/** Forgets every cached dictionary, so the next use asks the server. */
export function clearDictCache(): void {
  memory.clear();
  inflight.clear();
  stored = null;
  try {
    globalThis.localStorage?.removeItem(DICT_CACHE_KEY);
  } catch {
    // nothing cached in storage
  }
}

/** Split a stored multi value into its parts. */
export function splitValue(value: unknown, separator = ','): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(separator).filter((part) => part !== '');
}

/** Text of a value; comma-separated values are translated one by one. Unknown values pass through. */
export function dictText(items: readonly DictItem[] | undefined, value: unknown, separator = ','): string {
  if (value === undefined || value === null || value === '') return '';
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return parts.map((part) => items?.find((item) => item.value === part)?.text ?? part).join(separator);
}

/** Dictionary items for a code (undefined while loading, [] when the request failed). */
export function useDictItems(code: string | undefined): DictItem[] | undefined {
  const { data } = useRenderer();
  const [items, setItems] = useState<DictItem[] | undefined>(() => (code ? peekDictItems(code) : undefined));
  useEffect(() => {
    if (!code) return;
    let alive = true;
    loadDictItems(data, code).then(
      (loaded) => alive && setItems(loaded),
      () => alive && setItems([]),
    );
    return () => {
      alive = false;
    };
  }, [data, code]);
  return items;
}

/** Items of a code, or the `given` options when present; `error` is the failure message. */
export function useDictOptions(code: string | undefined, given?: DictItem[]): { options: DictItem[]; error: string | null } {
  const { data } = useRenderer();
  const [options, setOptions] = useState<DictItem[]>(given ?? []);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (given) {
      setOptions(given);
      return;
    }
    let alive = true;
    loadDictItems(data, code).then(
      (items) => {
        if (!alive) return;
        setOptions(items);
        setError(null);
      },
      (failure: Error) => alive && setError(failure.message),
    );
    return () => {
      alive = false;
    };
  }, [data, code, given]);
  return { options, error };
}
