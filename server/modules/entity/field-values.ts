import type { FieldType } from './list-query';

/** GMT+8 wall-clock text "yyyy-MM-dd[ HH:mm[:ss]]" (or ISO with an offset) → instant; null when not a date. */
export function parseDateTime(text: string): Date | null {
  const s = text.trim();
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
    const check = new Date(utc);
    if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(se) > 59) return null;
    return new Date(utc - 8 * 3600_000);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** "yyyy-MM-dd" (a date column value) or null. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return parseDateTime(day) ? day : null;
}

export type SqlValue = string | number | boolean | Date;

const INT_MAX = 2_147_483_647;

/**
 * A request value (query text, JSON, Excel cell) as the bound value of a column of `type`;
 * undefined when it does not fit the type. Strings are not length-checked here.
 */
export function convertValue(type: FieldType, raw: unknown): SqlValue | undefined {
  if (raw instanceof Date) {
    if (type === 'datetime') return raw;
    if (type === 'date') return raw.toISOString().slice(0, 10);
    return undefined;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return undefined;
  const text = String(raw).trim();
  switch (type) {
    case 'string':
    case 'text':
      return String(raw);
    case 'int':
    case 'bigint': {
      if (!/^[+-]?\d{1,19}$/.test(text)) return undefined;
      const n = Number(text);
      if (!Number.isSafeInteger(n)) return undefined;
      if (type === 'int' && Math.abs(n) > INT_MAX) return undefined;
      return n;
    }
    case 'decimal': {
      if (!/^[+-]?(\d{1,30}(\.\d{0,20})?|\.\d{1,20})$/.test(text)) return undefined;
      return text;
    }
    case 'boolean':
      if (raw === true || text === 'true' || text === '1' || text === 'Y') return true;
      if (raw === false || text === 'false' || text === '0' || text === 'N') return false;
      return undefined;
    case 'date':
      return typeof raw === 'string' ? (parseDay(text) ?? undefined) : undefined;
    case 'datetime':
      return typeof raw === 'string' ? (parseDateTime(text) ?? undefined) : undefined;
  }
}

/** Whether a decimal text fits numeric(precision, scale) (extra fraction digits are rounded by the database). */
export function fitsDecimal(text: string, precision?: number, scale?: number): boolean {
  if (precision === undefined) return true;
  const whole = text.replace(/^[+-]/, '').split('.')[0] ?? '';
  return whole.replace(/^0+/, '').length <= precision - (scale ?? 0);
}
