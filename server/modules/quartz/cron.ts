import { CronExpressionParser } from 'cron-parser';

/**
 * Quartz cron expressions (秒 分 时 日 月 周 [年]) on top of cron-parser, read in the office clock (GMT+8).
 * Same reading as the client's cron widget (widgets/cron), which the server may not import.
 */
export const OFFICE_TIME_ZONE = 'Asia/Shanghai';

const WEEK_NAMES: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };
/** How far ahead a year part may push the next fire time before the expression counts as never firing. */
const LAST_YEAR = 2200;

function shiftWeekNumber(text: string): string {
  const n = Number(text);
  return text !== '' && Number.isInteger(n) ? String((n + 6) % 7) : text;
}

/** Quartz day-of-week (1=Sunday … 7=Saturday, or SUN…SAT) to cron-parser numbering (0=Sunday … 6=Saturday). */
function quartzWeekToParser(field: string): string {
  const named = field.replace(/SUN|MON|TUE|WED|THU|FRI|SAT/gi, (name) => String(WEEK_NAMES[name.toUpperCase()]));
  if (named === 'L') return '6';
  if (named === '*' || named === '?') return named;
  return named
    .split(',')
    .map((token) => {
      const nth = /^(\d+)#(\d+)$/.exec(token);
      if (nth) return `${shiftWeekNumber(nth[1]!)}#${nth[2]}`;
      const last = /^(\d+)L$/.exec(token);
      if (last) return `${shiftWeekNumber(last[1]!)}L`;
      const [range = '', step] = token.split('/');
      const shifted = range.split('-').map(shiftWeekNumber).join('-');
      return step === undefined ? shifted : `${shifted}/${step}`;
    })
    .join(',');
}

function yearTest(year: string | undefined): ((y: number) => boolean) | null {
  if (!year || year === '*' || year === '?') return null;
  const tests = year.split(',').map((token) => {
    const [range = '', stepText] = token.split('/');
    const step = stepText ? Number(stepText) : 0;
    const [fromText = '', toText] = range.split('-');
    const from = fromText === '*' ? 0 : Number(fromText);
    const to = toText !== undefined ? Number(toText) : stepText ? Infinity : from;
    return (y: number) => y >= from && y <= to && (!step || (y - from) % step === 0);
  });
  return (y) => tests.some((t) => t(y));
}

interface ParsedCron {
  expression: string;
  year: ((y: number) => boolean) | null;
  /** nW, LW and L-n, which cron-parser does not read: tested on each candidate's office-calendar day */
  day: DayTest | null;
}

/** Day of an office-calendar month (month 0–11). */
type DayTest = (year: number, month: number, day: number) => boolean;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).getUTCDay();
const isWorkday = (year: number, month: number, day: number) => ![0, 6].includes(weekdayOf(year, month, day));

/** Quartz `nW`: the weekday nearest to day n, without leaving the month. */
function nearestWorkday(year: number, month: number, n: number): number | null {
  const days = daysInMonth(year, month);
  if (n > days) return null;
  const weekday = weekdayOf(year, month, n);
  if (weekday !== 0 && weekday !== 6) return n;
  if (weekday === 6) return n === 1 ? 3 : n - 1;
  return n === days ? n - 2 : n + 1;
}

/** The test for a day-of-month token cron-parser does not read, or null for the ones it does. */
function specialDay(dom: string): DayTest | null {
  const nearest = /^(\d{1,2})W$/.exec(dom);
  if (nearest) return (y, m, d) => nearestWorkday(y, m, Number(nearest[1])) === d;
  if (dom === 'LW') {
    return (y, m, d) => {
      let last = daysInMonth(y, m);
      while (!isWorkday(y, m, last)) last -= 1;
      return last === d;
    };
  }
  const beforeEnd = /^L-(\d{1,2})$/.exec(dom);
  if (beforeEnd) return (y, m, d) => daysInMonth(y, m) - Number(beforeEnd[1]) === d;
  return null;
}

/** The expression cron-parser reads, or a plain Chinese reason the Quartz expression is wrong. */
function parseQuartz(text: string): ParsedCron | string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Cron表达式不能为空';
  if (parts.length > 7) return 'Cron表达式最多7项！';
  if (parts.length < 6) return 'Cron表达式错误：至少需要6项（秒 分 时 日 月 周）';
  const [second, minute, hour, dom, month, dow, year] = parts as [string, string, string, string, string, string, string | undefined];
  if (year !== undefined && year !== '*' && year !== '?' && year.split(/[-/,]/).some((n) => n === '' || !/^\d+$/.test(n))) {
    return `Cron表达式参数[年]错误：${year}`;
  }
  const day = specialDay(dom);
  if (!day && /W/.test(dom)) return `Cron表达式参数[日]错误：${dom}`;
  const expression = [second, minute, hour, day ? '*' : dom, month, quartzWeekToParser(dow)].join(' ');
  try {
    CronExpressionParser.parse(expression, { tz: OFFICE_TIME_ZONE });
  } catch (error) {
    return `Cron表达式错误：${error instanceof Error ? error.message : String(error)}`;
  }
  return { expression, year: yearTest(year), day };
}

/** null when the expression is a valid Quartz expression, else the message to show. */
export function cronProblem(text: string | null | undefined): string | null {
  const parsed = parseQuartz(text ?? '');
  return typeof parsed === 'string' ? parsed : null;
}

/** The first fire time strictly after `after`, or null when the expression never fires again (or is invalid). */
export function nextFireTime(text: string, after: Date): Date | null {
  const parsed = parseQuartz(text);
  if (typeof parsed === 'string') return null;
  let from = after;
  for (let guard = 0; guard < 5000; guard += 1) {
    const iterator = CronExpressionParser.parse(parsed.expression, { currentDate: from, tz: OFFICE_TIME_ZONE });
    if (!iterator.hasNext()) return null;
    const candidate = iterator.next().toDate();
    // Years and days are office-calendar ones; GMT+8 has no daylight saving, so a fixed offset is exact.
    const office = new Date(candidate.getTime() + 8 * 3600_000);
    const officeYear = office.getUTCFullYear();
    if (parsed.day && !parsed.day(officeYear, office.getUTCMonth(), office.getUTCDate())) {
      from = new Date(Date.UTC(officeYear, office.getUTCMonth(), office.getUTCDate() + 1, -8, 0, 0) - 1);
      continue;
    }
    if (!parsed.year || parsed.year(officeYear)) return candidate;
    let year = officeYear + 1;
    while (year <= LAST_YEAR && !parsed.year(year)) year += 1;
    if (year > LAST_YEAR) return null;
    from = new Date(Date.UTC(year, 0, 1, -8, 0, 0) - 1);
  }
  return null;
}
