/** Popup parameters: code, field, orgFields, destFields, sorter, multi, param, groupId. */
export interface PopupConfig {
  code?: string;
  field?: string;
  orgFields?: string;
  destFields?: string;
  sorter?: string;
  multi?: boolean;
  param?: Record<string, string>;
  groupId?: string;
  spliter?: string;
}

export const POPUP_NOT_CONFIGURED = 'popup参数未正确配置!';
export const POPUP_COUNT_MISMATCH = 'popup参数未正确配置,原始值和目标值数量不一致!';
export const POPUP_SELECT_ONE = '请选择一条记录';
export const POPUP_INIT_FAILED = 'Popup初始化失败，请检查你的配置或稍后重试！';
export const POPUP_CACHE_MS = 30_000;

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The configuration error, or null when the popup may be used. */
export function popupConfigError(config: PopupConfig): string | null {
  if (!config.code || !config.orgFields || !config.destFields) return POPUP_NOT_CONFIGURED;
  if (list(config.orgFields).length !== list(config.destFields).length) return POPUP_COUNT_MISMATCH;
  return null;
}

/** column/order from a sorter "col=asc|desc"; anything else is ignored. */
export function parseSorter(sorter: string | undefined): { column: string; order: 'asc' | 'desc' } | null {
  const match = /^([\w.]+)=(asc|desc)$/.exec(sorter ?? '');
  return match ? { column: match[1], order: match[2] as 'asc' | 'desc' } : null;
}

const unquote = (value: string) => (/^'.*'$/.test(value) ? value.slice(1, -1) : value);

/** Report params as self_ query parameters; values quoted in '' are unquoted into matching query fields. */
export function paramQuery(
  param: Record<string, string> | undefined,
  queryFields: string[],
): { self: Record<string, string>; query: Record<string, string> } {
  const self: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(param ?? {})) {
    self[`self_${key}`] = value;
    if (queryFields.includes(key)) query[key] = unquote(String(value));
  }
  return { self, query };
}

export type PopupRow = Record<string, unknown>;

/** Destination values for the chosen rows: each orgField's values joined, keyed by its destField. */
export function mapPopupRows(config: PopupConfig, rows: PopupRow[]): Record<string, string> {
  const org = list(config.orgFields);
  const dest = list(config.destFields);
  const separator = config.spliter ?? ',';
  const result: Record<string, string> = {};
  dest.forEach((destField, index) => {
    result[destField] = rows
      .map((row) => (row[org[index]] === undefined || row[org[index]] === null ? '' : String(row[org[index]])))
      .join(separator);
  });
  return result;
}

/** Text the popup's own input shows: the destination value of `field`, else of the first destField. */
export function popupDisplay(config: PopupConfig, mapped: Record<string, string>): string {
  const dest = list(config.destFields);
  const own = config.field && dest.includes(config.field) ? config.field : dest[0];
  return mapped[own] ?? '';
}

/** Row key: the values of the row, id first. */
export function popupRowKey(row: PopupRow): string {
  const { id, ...rest } = row;
  return JSON.stringify([id, ...Object.values(rest)]);
}

const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/** Requests of one popup group are reused for 30 s. */
export function cachedRequest<T>(groupId: string | undefined, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  if (!groupId) return load();
  const cacheKey = `${groupId}|${key}`;
  const hit = cache.get(cacheKey);
  if (hit && now - hit.at < POPUP_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(cacheKey, { at: now, value });
  value.catch(() => cache.delete(cacheKey));
  return value;
}

export function clearPopupCache(): void {
  cache.clear();
}
