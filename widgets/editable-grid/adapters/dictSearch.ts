import type { RendererHttp } from '@renderer/context';
import type { GridOption } from '../types';

/** Labels of dictionary values already looked up, per dictionary ("table,text,code"). */
const labelCache = new Map<string, Map<string, string>>();
const pending = new Map<string, Promise<string>>();

export async function searchDict(http: RendererHttp, dict: string, keyword: string): Promise<GridOption[]> {
  const res = await http.get<GridOption[]>(`/sys/dict/loadDict/${dict}`, { keyword, pageSize: 10 });
  if (!res.success) throw new Error(res.message);
  const list = res.result ?? [];
  const cache = labelCache.get(dict) ?? new Map<string, string>();
  labelCache.set(dict, cache);
  for (const o of list) cache.set(String(o.value), String(o.text ?? o.label ?? o.value));
  return list;
}

export function cachedDictLabel(dict: string, value: string): string | undefined {
  return labelCache.get(dict)?.get(value);
}

/** Label of one stored value (GET /sys/dict/loadDictItem/{dict}?key=), cached in memory. */
export function loadDictLabel(http: RendererHttp, dict: string, value: string): Promise<string> {
  const hit = cachedDictLabel(dict, value);
  if (hit !== undefined) return Promise.resolve(hit);
  const key = `${dict}\u0000${value}`;
  let p = pending.get(key);
  if (!p) {
    p = http
      .get<string[] | string>(`/sys/dict/loadDictItem/${dict}`, { key: value })
      .then((res) => {
        const label = Array.isArray(res.result) ? res.result.join(',') : String(res.result ?? value);
        const cache = labelCache.get(dict) ?? new Map<string, string>();
        labelCache.set(dict, cache);
        cache.set(value, label || value);
        return label || value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}
