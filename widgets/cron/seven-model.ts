import { clamp, splitCron, weekNamesToNumbers } from './cron-parts';

/** Modes of second/minute/hour/month/year in the seven-part editor (JCron). */
export type CycleMode = 'every' | 'increment' | 'specific' | 'range';

export interface CycleState {
  mode: CycleMode;
  start: number;
  interval: number;
  specific: number[];
  rangeStart: number;
  rangeEnd: number;
}

/** The eleven day choices; weekday-based ones put `?` in day of month, the others `?` in day of week. */
export type DayMode =
  | 'everyDay'
  | 'weekInterval'
  | 'dayInterval'
  | 'specificWeekdays'
  | 'specificDays'
  | 'lastDay'
  | 'lastWorkday'
  | 'lastWeekday'
  | 'beforeMonthEnd'
  | 'nearestWorkday'
  | 'nthWeekday';

export const DAY_MODES: readonly DayMode[] = [
  'everyDay',
  'weekInterval',
  'dayInterval',
  'specificWeekdays',
  'specificDays',
  'lastDay',
  'lastWorkday',
  'lastWeekday',
  'beforeMonthEnd',
  'nearestWorkday',
  'nthWeekday',
];

export interface DayState {
  mode: DayMode;
  weekStart: number;
  weekInterval: number;
  dayStart: number;
  dayInterval: number;
  weekdays: number[];
  days: number[];
  lastWeekday: number;
  beforeEnd: number;
  nearestDay: number;
  nth: number;
  nthWeekday: number;
}

export interface SevenState {
  second: CycleState;
  minute: CycleState;
  hour: CycleState;
  day: DayState;
  month: CycleState;
  year: CycleState;
}

export type CycleField = 'second' | 'minute' | 'hour' | 'month' | 'year';
type Range = readonly [number, number];

export interface CycleBounds {
  start: Range;
  interval: Range;
  specific: Range;
  rangeStart: Range;
  rangeEnd: Range;
}

/** Bounds of each part in the seven-part cron editor. */
export const CYCLE_BOUNDS: Record<CycleField, CycleBounds> = {
  second: { interval: [1, 59], start: [0, 59], specific: [0, 59], rangeStart: [1, 59], rangeEnd: [0, 59] },
  minute: { interval: [1, 60], start: [0, 59], specific: [0, 59], rangeStart: [1, 60], rangeEnd: [0, 59] },
  hour: { interval: [0, 23], start: [0, 23], specific: [0, 23], rangeStart: [0, 23], rangeEnd: [0, 23] },
  month: { interval: [0, 12], start: [0, 12], specific: [1, 12], rangeStart: [1, 12], rangeEnd: [1, 12] },
  year: { interval: [1, 99], start: [2019, 2119], specific: [2019, 2118], rangeStart: [2019, 2119], rangeEnd: [2019, 2119] },
};

export const DAY_BOUNDS = {
  dayOfMonth: [1, 31] as Range,
  weekInterval: [1, 7] as Range,
  weekday: [1, 7] as Range,
  nth: [1, 5] as Range,
};

/** Weekday names: 星期天=1 … 星期六=7. */
export const WEEKDAY_NAMES: readonly string[] = ['星期天', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

function defaultCycle(field: CycleField): CycleState {
  const b = CYCLE_BOUNDS[field];
  if (field === 'second') return { mode: 'every', start: 3, interval: 5, specific: [], rangeStart: 1, rangeEnd: 2 };
  if (field === 'year') {
    const year = clamp(new Date().getFullYear(), b.start[0], b.start[1]);
    return { mode: 'every', start: year, interval: 1, specific: [], rangeStart: year, rangeEnd: Math.min(year + 1, b.rangeEnd[1]) };
  }
  return {
    mode: 'every',
    start: b.start[0] || 1,
    interval: Math.max(1, b.interval[0]),
    specific: [],
    rangeStart: b.rangeStart[0],
    rangeEnd: b.rangeStart[0] + 1,
  };
}

export function defaultSevenState(): SevenState {
  return {
    second: defaultCycle('second'),
    minute: defaultCycle('minute'),
    hour: defaultCycle('hour'),
    day: {
      mode: 'everyDay',
      weekStart: 1,
      weekInterval: 1,
      dayStart: 1,
      dayInterval: 1,
      weekdays: [],
      days: [],
      lastWeekday: 1,
      beforeEnd: 1,
      nearestDay: 1,
      nth: 1,
      nthWeekday: 1,
    },
    month: defaultCycle('month'),
    year: defaultCycle('year'),
  };
}

const numbers = (text: string) => [...new Set(text.split(',').map(Number).filter(Number.isFinite))].sort((a, b) => a - b);

export function buildCycle(field: CycleField, state: CycleState): string {
  switch (state.mode) {
    case 'every':
      return '*';
    case 'increment':
      return `${state.start}/${state.interval}`;
    case 'specific':
      return (state.specific.length ? [...state.specific].sort((a, b) => a - b) : [CYCLE_BOUNDS[field].specific[0]]).join(',');
    case 'range':
      return `${state.rangeStart}-${state.rangeEnd}`;
  }
}

export function parseCycle(field: CycleField, text: string): CycleState {
  const state = defaultCycle(field);
  if (!text || text === '*' || text === '?') return state;
  if (text.includes('/')) {
    const [a, b] = text.split('/');
    return { ...state, mode: 'increment', start: a === '*' ? 0 : Number(a), interval: Number(b) };
  }
  if (text.includes('-')) {
    const [a, b] = text.split('-');
    return { ...state, mode: 'range', rangeStart: Number(a), rangeEnd: Number(b) };
  }
  if (/^\d+(,\d+)*$/.test(text)) return { ...state, mode: 'specific', specific: numbers(text) };
  return state;
}

/** [day of month, day of week] for the day choice. */
export function buildDay(day: DayState): [string, string] {
  const list = (values: number[], min: number) => (values.length ? [...values].sort((a, b) => a - b) : [min]).join(',');
  switch (day.mode) {
    case 'everyDay':
      return ['*', '?'];
    case 'weekInterval':
      return ['?', `${day.weekStart}/${day.weekInterval}`];
    case 'dayInterval':
      return [`${day.dayStart}/${day.dayInterval}`, '?'];
    case 'specificWeekdays':
      return ['?', list(day.weekdays, 1)];
    case 'specificDays':
      return [list(day.days, 1), '?'];
    case 'lastDay':
      return ['L', '?'];
    case 'lastWorkday':
      return ['LW', '?'];
    case 'lastWeekday':
      return ['?', `${day.lastWeekday}L`];
    case 'beforeMonthEnd':
      return [`L-${day.beforeEnd}`, '?'];
    case 'nearestWorkday':
      return [`${day.nearestDay}W`, '?'];
    case 'nthWeekday':
      return ['?', `${day.nthWeekday}#${day.nth}`];
  }
}

export function parseDay(dom: string, dowText: string): DayState {
  const day = defaultSevenState().day;
  const dow = weekNamesToNumbers(dowText);
  if (dom !== '?') {
    if (dom === '*') return day;
    if (dom.includes('/')) {
      const [a, b] = dom.split('/');
      return { ...day, mode: 'dayInterval', dayStart: a === '*' ? 1 : Number(a), dayInterval: Number(b) };
    }
    if (dom === 'LW') return { ...day, mode: 'lastWorkday' };
    if (dom.startsWith('L-')) return { ...day, mode: 'beforeMonthEnd', beforeEnd: Number(dom.slice(2)) };
    if (dom === 'L') return { ...day, mode: 'lastDay' };
    if (dom.endsWith('W')) return { ...day, mode: 'nearestWorkday', nearestDay: Number(dom.slice(0, -1)) };
    if (/^\d+(,\d+)*$/.test(dom)) return { ...day, mode: 'specificDays', days: numbers(dom) };
    return day;
  }
  if (dow.includes('/')) {
    const [a, b] = dow.split('/');
    return { ...day, mode: 'weekInterval', weekStart: a === '*' ? 1 : Number(a), weekInterval: Number(b) };
  }
  if (dow.includes('#')) {
    const [d, n] = dow.split('#');
    return { ...day, mode: 'nthWeekday', nthWeekday: Number(d), nth: Number(n) };
  }
  if (/^\d+L$/.test(dow)) return { ...day, mode: 'lastWeekday', lastWeekday: Number(dow.slice(0, -1)) };
  if (/^\d+(,\d+)*$/.test(dow)) return { ...day, mode: 'specificWeekdays', weekdays: numbers(dow) };
  return day;
}

export function buildSeven(state: SevenState): string {
  const [dom, dow] = buildDay(state.day);
  return [
    buildCycle('second', state.second),
    buildCycle('minute', state.minute),
    buildCycle('hour', state.hour),
    dom,
    buildCycle('month', state.month),
    dow,
    buildCycle('year', state.year),
  ].join(' ');
}

/** Read an expression back into the editor's choices; missing parts take the defaults. */
export function parseSeven(expression: string | undefined | null): SevenState {
  const parts = splitCron(expression);
  return {
    second: parseCycle('second', parts.second),
    minute: parseCycle('minute', parts.minute),
    hour: parseCycle('hour', parts.hour),
    day: parseDay(parts.day, parts.week),
    month: parseCycle('month', parts.month),
    year: parseCycle('year', parts.year),
  };
}
