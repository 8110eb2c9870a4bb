import { useEffect, useState } from 'react';
import type { RendererHttp } from '../context';
import { useRenderer } from '../context';

export interface DictItem {
  value: string;
  text: string;
  disabled?: boolean;
}

/** Dictionaries are cached for 7 days. */
export const DICT_CACHE_MS = 7 * 24 * 60 * 60 * 1000;
const STORAGE_PREFIX = 'pro__DICT_ITEMS_';

const memory = new Map<string, { items: DictItem[]; expires: number }>();
const inflight = new Map<string, Promise<DictItem[]>>();

interface RawItem { value?: unknown; text?: unknown; label?: unknown; title?: unknown; disabled?: unknown }

function normalize(raw: RawItem[]): DictItem[] {
  return raw.map((item) => ({
    value: String(item.value ?? ''),
    text: String(item.text ?? item.label ?? item.title ?? item.value ?? ''),
    ...(item.disabled ? { disabled: true } : {}),
  }));
}

function readStored(code: string): DictItem[] | undefined {
  const hit = memory.get(code);
  if (hit && hit.expires > Date.now()) return hit.items;
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_PREFIX + code);
    if (!text) return undefined;
    const stored = JSON.parse(text) as { items: DictItem[]; expires: number };
    if (stored.expires <= Date.now()) return undefined;
    memory.set(code, stored);
    return stored.items;
  } catch {
    return undefined;
  }
}

function store(code: string, items: DictItem[]): void {
  const entry = { items, expires: Date.now() + DICT_CACHE_MS };
  memory.set(code, entry);
  try {
    globalThis.localStorage?.setItem(STORAGE_PREFIX + code, JSON.stringify(entry));
  } catch {
    // Storage full or unavailable: the memory cache still serves this session.
  }
}

/** Items of a dictionary code through GET /sys/dict/getDictItems/{code}, cached 7 days. */
export function loadDictItems(http: RendererHttp, code: string): Promise<DictItem[]> {
  if (!code) return Promise.reject(new Error('字典Code不能为空!'));
  const cached = readStored(code);
  if (cached) return Promise.resolve(cached);
  let pending = inflight.get(code);
  if (!pending) {
    pending = http
      .get<RawItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
      .then((res) => {
        const items = res.success && Array.isArray(res.result) ? normalize(res.result) : [];
        if (res.success) store(code, items);
        return items;
      })
      .finally(() => inflight.delete(code));
    inflight.set(code, pending);
  }
  return pending;
}

export function peekDictItems(code: string): DictItem[] | undefined {
  return readStored(code);
}

export function clearDictCache(): void {
  memory.clear();
  inflight.clear();
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    for (const key of Object.keys(storage)) if (key.startsWith(STORAGE_PREFIX)) storage.removeItem(key);
  } catch {
    // nothing cached in storage
  }
}

/** Text of a value; comma-separated values are translated one by one. Unknown values pass through. */
export function dictText(items: DictItem[] | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return parts.map((part) => items?.find((item) => item.value === part)?.text ?? part).join(',');
}

/** Dictionary items for a code (undefined while loading). */
export function useDictItems(code: string | undefined): DictItem[] | undefined {
  const { http } = useRenderer();
  const [items, setItems] = useState<DictItem[] | undefined>(() => (code ? peekDictItems(code) : undefined));
  useEffect(() => {
    if (!code) return;
    let alive = true;
    loadDictItems(http, code).then(
      (loaded) => alive && setItems(loaded),
      () => alive && setItems([]),
    );
    return () => {
      alive = false;
    };
  }, [http, code]);
  return items;
}
