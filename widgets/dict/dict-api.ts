import type { RendererHttp } from '@renderer/context';

/** A dictionary item: value, text (or label or title), disabled. */
export interface DictOption {
  value: string;
  text: string;
  disabled?: boolean;
}

export const EMPTY_DICT_CODE_MESSAGE = '字典Code不能为空!';
/** Where the app keeps login's sysAllDictItems (vue-ls layout: {value, expire}). */
export const DICT_CACHE_KEY = 'pro__UI_CACHE_DB_DICT_DATA';

interface RawDictItem {
  value?: unknown;
  text?: unknown;
  label?: unknown;
  title?: unknown;
  disabled?: unknown;
}

export function normalizeDictItems(raw: unknown): DictOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item: RawDictItem) => ({
    value: item.value === undefined || item.value === null ? '' : String(item.value),
    text: String(item.text ?? item.label ?? item.title ?? item.value ?? ''),
    disabled: item.disabled === true || item.disabled === 1 || item.disabled === '1' ? true : undefined,
  }));
}

function cachedDict(code: string): DictOption[] | null {
  try {
    const stored = window.localStorage.getItem(DICT_CACHE_KEY);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as { value?: Record<string, unknown>; expire?: number | null } | Record<string, unknown>;
    const wrapped = parsed as { value?: Record<string, unknown>; expire?: number | null };
    if (wrapped.expire && wrapped.expire < Date.now()) return null;
    const all = (wrapped.value && typeof wrapped.value === 'object' ? wrapped.value : parsed) as Record<string, unknown>;
    return Array.isArray(all[code]) ? normalizeDictItems(all[code]) : null;
  } catch {
    return null;
  }
}

const requests = new Map<string, Promise<DictOption[]>>();

/** Items of a dictionary: the local cache first, else GET /sys/dict/getDictItems/{code}. */
export function loadDictOptions(http: RendererHttp, dictCode: string | undefined): Promise<DictOption[]> {
  if (!dictCode) return Promise.reject(new Error(EMPTY_DICT_CODE_MESSAGE));
  const cached = cachedDict(dictCode);
  if (cached) return Promise.resolve(cached);
  let pending = requests.get(dictCode);
  if (!pending) {
    pending = http.get<unknown>(`/sys/dict/getDictItems/${encodeURIComponent(dictCode)}`).then((res) => {
      if (!res.success) throw new Error(res.message || '字典加载失败');
      return normalizeDictItems(res.result);
    });
    pending.catch(() => requests.delete(dictCode));
    requests.set(dictCode, pending);
  }
  return pending;
}

export function clearDictRequests(): void {
  requests.clear();
}

/** Text for a (comma-separated) value; unknown values are kept as they are. */
export function dictText(options: DictOption[], value: unknown, separator = ','): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value)
    .split(separator)
    .map((part) => options.find((option) => option.value === part)?.text ?? part)
    .join(separator);
}

/** Split a stored multi value into its parts. */
export function splitValue(value: unknown, separator = ','): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(separator).filter((part) => part !== '');
}
