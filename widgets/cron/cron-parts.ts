/** The seven Quartz parts of a cron value, in order. */
export type CronField = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export const CRON_FIELDS: readonly CronField[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

export const CRON_FIELD_LABELS: Record<CronField, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export type CronParts = Record<CronField, string>;

export const DEFAULT_CRON_PARTS: CronParts = {
  second: '*',
  minute: '*',
  hour: '*',
  day: '*',
  month: '*',
  week: '?',
  year: '*',
};

/** Split an expression into parts; missing parts take the defaults (`*`, week `?`). */
export function splitCron(expression: string | undefined | null): CronParts {
  const tokens = (expression ?? '').trim().split(/\s+/).filter(Boolean);
  const parts = { ...DEFAULT_CRON_PARTS };
  CRON_FIELDS.forEach((field, index) => {
    if (tokens[index] !== undefined) parts[field] = tokens[index];
  });
  return parts;
}

export interface JoinOptions {
  hideSecond?: boolean;
  hideYear?: boolean;
}

export function joinCron(parts: CronParts, { hideSecond = false, hideYear = false }: JoinOptions = {}): string {
  return CRON_FIELDS.filter((field) => !(hideSecond && field === 'second') && !(hideYear && field === 'year'))
    .map((field) => parts[field])
    .join(' ');
}

export const WEEK_NAMES: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };

/** Replace SUN..SAT with Quartz numbers 1..7. */
export function weekNamesToNumbers(text: string): string {
  return text.replace(/SUN|MON|TUE|WED|THU|FRI|SAT/gi, (name) => String(WEEK_NAMES[name.toUpperCase()]));
}

export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}
