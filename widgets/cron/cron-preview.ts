import { CronExpressionParser } from 'cron-parser';
import dayjs from 'dayjs';
import { weekNamesToNumbers } from './cron-parts';

export const PREVIEW_COUNT = 10;
export const NO_RUNS_TEXT = '无执行时间';
const LAST_PREVIEW_YEAR = 2200;

function shiftWeekNumber(text: string): string {
  if (text === '*' || text === '?' || text === '') return text;
  const n = Number(text);
  return Number.isInteger(n) ? String((n + 6) % 7) : text;
}

/** Quartz day-of-week (1=Sunday … 7=Saturday) to cron-parser numbering (0=Sunday … 6=Saturday). */
export function quartzWeekToParser(field: string): string {
  const named = weekNamesToNumbers(field);
  if (named === 'L') return '6';
  return named
    .split(',')
    .map((token) => {
      const nth = /^(\d+)#(\d+)$/.exec(token);
      if (nth) return `${shiftWeekNumber(nth[1])}#${nth[2]}`;
      const last = /^(\d+)L$/.exec(token);
      if (last) return `${shiftWeekNumber(last[1])}L`;
      const [rangePart, step] = token.split('/');
      const range = rangePart.split('-').map(shiftWeekNumber).join('-');
      return step === undefined ? range : `${range}/${step}`;
    })
    .join(',');
}

type DayPredicate = (date: dayjs.Dayjs) => boolean;

function isWeekday(date: dayjs.Dayjs): boolean {
  const d = date.day();
  return d !== 0 && d !== 6;
}

/** Nearest weekday to day `n` inside the same month (Quartz `nW`). */
function nearestWeekday(monthStart: dayjs.Dayjs, n: number): number | null {
  const days = monthStart.daysInMonth();
  if (n > days) return null;
  const target = monthStart.date(n);
  if (isWeekday(target)) return n;
  if (target.day() === 6) return n === 1 ? 3 : n - 1;
  return n === days ? n - 2 : n + 1;
}

/** Predicates for the day-of-month tokens cron-parser does not read: nW, LW, L-n. */
export function specialDayPredicate(dom: string): DayPredicate | null {
  const nearest = /^(\d+)W$/.exec(dom);
  if (nearest) {
    const n = Number(nearest[1]);
    return (date) => nearestWeekday(date.startOf('month'), n) === date.date();
  }
  if (dom === 'LW') {
    return (date) => {
      let last = date.endOf('month').startOf('day');
      while (!isWeekday(last)) last = last.subtract(1, 'day');
      return last.date() === date.date();
    };
  }
  const beforeEnd = /^L-(\d+)$/.exec(dom);
  if (beforeEnd) {
    const n = Number(beforeEnd[1]);
    return (date) => date.daysInMonth() - n === date.date();
  }
  return null;
}

/** Years allowed by a Quartz year field, or null for any year. */
export function yearPredicate(year: string | undefined): ((y: number) => boolean) | null {
  if (!year || year === '*' || year === '?') return null;
  const tests = year.split(',').map((token) => {
    const [range, stepText] = token.split('/');
    const step = stepText ? Number(stepText) : 0;
    const [fromText, toText] = range.split('-');
    const from = fromText === '*' ? 0 : Number(fromText);
    const to = toText !== undefined ? Number(toText) : stepText ? Infinity : from;
    return (y: number) => y >= from && y <= to && (!step || (y - from) % step === 0);
  });
  return (y) => tests.some((t) => t(y));
}

/** Six-part expression cron-parser understands, plus the day filter it needs help with. */
export function toParserExpression(expression: string): { expression: string; dayFilter: DayPredicate | null; year: string | undefined } {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) throw new Error('需要6或7项');
  const [second, minute, hour, dom, month, dow, year] = parts;
  const dayFilter = specialDayPredicate(dom);
  const parserDom = dayFilter ? '*' : dom;
  return { expression: [second, minute, hour, parserDom, month, quartzWeekToParser(dow)].join(' '), dayFilter, year };
}

/** Next `count` run times of a Quartz expression after `from`; [] when none or invalid. */
export function nextRuns(expression: string, count = PREVIEW_COUNT, from: Date = new Date()): Date[] {
  let converted: ReturnType<typeof toParserExpression>;
  try {
    converted = toParserExpression(expression);
  } catch {
    return [];
  }
  const yearOk = yearPredicate(converted.year);
  const runs: Date[] = [];
  try {
    let iterator = CronExpressionParser.parse(converted.expression, { currentDate: from });
    // Day tokens cron-parser lacks filter candidates; a year part jumps to the next allowed year.
    for (let guard = 0; runs.length < count && guard < 100_000 && iterator.hasNext(); guard += 1) {
      const candidate = iterator.next().toDate();
      const when = dayjs(candidate);
      if (yearOk && !yearOk(when.year())) {
        let year = when.year() + 1;
        while (year <= LAST_PREVIEW_YEAR && !yearOk(year)) year += 1;
        if (year > LAST_PREVIEW_YEAR) break;
        iterator = CronExpressionParser.parse(converted.expression, { currentDate: new Date(year, 0, 1, 0, 0, 0, -1) });
        continue;
      }
      if (converted.dayFilter && !converted.dayFilter(when)) continue;
      runs.push(candidate);
    }
  } catch {
    return [];
  }
  return runs;
}

/** Preview text: one run per line, or 无执行时间. */
export function previewText(expression: string, from: Date = new Date()): string {
  const runs = nextRuns(expression, PREVIEW_COUNT, from);
  return runs.length ? runs.map((date) => dayjs(date).format('YYYY-MM-DD HH:mm:ss')).join('\n') : NO_RUNS_TEXT;
}
