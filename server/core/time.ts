/** The contract writes dates in GMT+8 as "yyyy-MM-dd HH:mm:ss". */
const OFFSET_MS = 8 * 60 * 60 * 1000;

function shifted(d: Date): string {
  return new Date(d.getTime() + OFFSET_MS).toISOString();
}

export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const iso = shifted(d);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** yyyy-MM-dd of the GMT+8 calendar day containing the instant */
export function formatDay(d: Date): string {
  return shifted(d).slice(0, 10);
}

/** The instant at which the GMT+8 calendar day containing `d` starts, plus `days` days. */
export function startOfDay(d: Date, days = 0): Date {
  const day = formatDay(d);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS + days * 86_400_000);
}
