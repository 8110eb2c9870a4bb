import { weekNamesToNumbers, type CronField, type CronParts } from './cron-parts';

/** Modes of one part in the piece editor (JEasyCron). */
export type PieceMode = 'unset' | 'every' | 'range' | 'loop' | 'work' | 'last' | 'specify';

export interface PieceState {
  mode: PieceMode;
  range: [number, number];
  /** [start, interval] */
  loop: [number, number];
  /** Day of month for the nearest working day (nW). */
  work: number;
  specify: number[];
}

export const PIECE_MODES: Record<CronField, readonly PieceMode[]> = {
  second: ['every', 'range', 'loop', 'specify'],
  minute: ['every', 'range', 'loop', 'specify'],
  hour: ['every', 'range', 'loop', 'specify'],
  day: ['unset', 'every', 'range', 'loop', 'work', 'last', 'specify'],
  month: ['every', 'range', 'loop', 'specify'],
  week: ['unset', 'every', 'range', 'loop', 'specify'],
  year: ['every', 'range', 'loop'],
};

export interface PieceBounds {
  min: number;
  max: number;
  /** Year only: the range start may go down to 0, the end to 1, the loop interval to 1. */
  rangeStartMin?: number;
  rangeEndMin?: number;
  loopIntervalMin?: number;
}

export const PIECE_BOUNDS: Record<CronField, PieceBounds> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  week: { min: 1, max: 7 },
  year: { min: 0, max: 9999, rangeStartMin: 0, rangeEndMin: 1, loopIntervalMin: 1 },
};

/** Week choices: Monday=2 … Saturday=7, Sunday=1 (Quartz numbering). */
export const WEEK_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 2, label: '周一' },
  { value: 3, label: '周二' },
  { value: 4, label: '周三' },
  { value: 5, label: '周四' },
  { value: 6, label: '周五' },
  { value: 7, label: '周六' },
  { value: 1, label: '周日' },
];

export function defaultPiece(field: CronField, now: Date = new Date()): PieceState {
  const { min, max } = PIECE_BOUNDS[field];
  const year = now.getFullYear();
  switch (field) {
    case 'week':
      return { mode: 'unset', range: [1, 7], loop: [2, 1], work: 1, specify: [] };
    case 'day':
      return { mode: 'every', range: [1, 31], loop: [1, 1], work: 1, specify: [] };
    case 'year':
      return { mode: 'every', range: [year, year + 100], loop: [year, 1], work: 1, specify: [] };
    default:
      return { mode: 'every', range: [min, max], loop: [min, 1], work: 1, specify: [] };
  }
}

const toInt = (text: string, fallback: number): number => {
  const n = Number(text);
  return text !== '' && Number.isInteger(n) ? n : fallback;
};

/** Read one part back into its mode (? unset, - range, / loop, W work, L last, list or number specify). */
export function parsePiece(field: CronField, text: string | undefined, now: Date = new Date()): PieceState {
  const state = defaultPiece(field, now);
  const value = weekNamesToNumbers((text ?? '').trim());
  if (!value || value === '*') return { ...state, mode: 'every' };
  if (value.includes('?')) return { ...state, mode: 'unset' };
  if (value.includes('-') && !value.includes('/') && !value.includes(',')) {
    const [a, b] = value.split('-');
    return { ...state, mode: 'range', range: [toInt(a, state.range[0]), toInt(b, state.range[1])] };
  }
  if (value.includes('/')) {
    const [a, b] = value.split('/');
    return { ...state, mode: 'loop', loop: [a === '*' ? 0 : toInt(a, state.loop[0]), toInt(b, state.loop[1])] };
  }
  if (value.endsWith('W') && field === 'day') return { ...state, mode: 'work', work: toInt(value.slice(0, -1), state.work) };
  if (value === 'L' && field === 'day') return { ...state, mode: 'last' };
  if (/^\d+(,\d+)*$/.test(value)) {
    return { ...state, mode: 'specify', specify: [...new Set(value.split(',').map(Number))].sort((x, y) => x - y) };
  }
  return { ...state, mode: 'every' };
}

/** Text of one part for its state. An empty specify list adds the minimum value. */
export function buildPiece(field: CronField, state: PieceState): string {
  switch (state.mode) {
    case 'unset':
      return '?';
    case 'every':
      return '*';
    case 'range':
      return `${state.range[0]}-${state.range[1]}`;
    case 'loop':
      return `${state.loop[0]}/${state.loop[1]}`;
    case 'work':
      return `${state.work}W`;
    case 'last':
      return 'L';
    case 'specify': {
      const list = state.specify.length ? [...state.specify].sort((a, b) => a - b) : [PIECE_BOUNDS[field].min];
      return list.join(',');
    }
  }
}

const isAll = (v: string) => v === '*';
const isUnset = (v: string) => v === '?';

/**
 * Set one part and apply the editor's rules: a finer part still at `*` becomes 0 (or 1 for
 * day/week/month) when a coarser part is set, and day and week exclude each other.
 */
export function changePart(parts: CronParts, field: CronField, value: string): CronParts {
  const next: CronParts = { ...parts, [field]: value };
  const isSet = !isAll(value) && !isUnset(value);
  switch (field) {
    case 'minute':
      if (isSet && isAll(next.second)) next.second = '0';
      break;
    case 'hour':
      if (isSet && isAll(next.minute)) next.minute = '0';
      if (isSet && isAll(next.second)) next.second = '0';
      break;
    case 'day':
    case 'week':
      if (isSet && isAll(next.hour)) next.hour = '0';
      if (isSet && isAll(next.minute)) next.minute = '0';
      if (isSet && isAll(next.second)) next.second = '0';
      break;
    case 'month':
      if (isSet) {
        if (isUnset(next.day) && isAll(next.week)) next.week = '1';
        if (isUnset(next.week) && isAll(next.day)) next.day = '1';
      }
      break;
    case 'year':
      if (isSet && isAll(next.month)) next.month = '1';
      break;
    default:
      break;
  }
  if (field === 'day' || field === 'week') {
    const other = field === 'day' ? 'week' : 'day';
    if (!isUnset(value)) next[other] = '?';
    else if (isUnset(next[other])) next[other] = '*';
  }
  return next;
}

/** Week is editable only while day is unset, and day only while week is unset. */
export function isPartDisabled(parts: CronParts, field: CronField): boolean {
  if (field === 'day') return !isUnset(parts.week);
  if (field === 'week') return !isUnset(parts.day);
  return false;
}
