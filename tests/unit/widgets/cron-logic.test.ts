import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { joinCron, splitCron, DEFAULT_CRON_PARTS } from '@widgets/cron/cron-parts';
import { nextRuns, previewText, quartzWeekToParser, NO_RUNS_TEXT } from '@widgets/cron/cron-preview';
import { validateCron } from '@widgets/cron/cron-validate';
import {
  buildPiece,
  changePart,
  defaultPiece,
  isPartDisabled,
  parsePiece,
  PIECE_BOUNDS,
  PIECE_MODES,
  type PieceState,
} from '@widgets/cron/piece-model';
import {
  buildSeven,
  parseSeven,
  defaultSevenState,
  CYCLE_BOUNDS,
  DAY_BOUNDS,
  DAY_MODES,
  type SevenState,
  type DayMode,
} from '@widgets/cron/seven-model';
import type { CronField } from '@widgets/cron/cron-parts';

const from = new Date(2026, 0, 1, 0, 0, 0); // Thursday 1 Jan 2026, local time
const fmt = (d: Date) => dayjs(d).format('YYYY-MM-DD HH:mm:ss');

describe('cron parts', () => {
  it('fills missing parts with * and week ?', () => {
    expect(splitCron('0 0 12')).toEqual({ ...DEFAULT_CRON_PARTS, second: '0', minute: '0', hour: '12' });
    expect(joinCron(splitCron(''))).toBe('* * * * * ? *');
    expect(joinCron(splitCron('0 0 12 * * ? 2030'), { hideYear: true })).toBe('0 0 12 * * ?');
  });
});

describe('validator', () => {
  it('passes empty and valid expressions', () => {
    expect(validateCron('')).toBeNull();
    expect(validateCron('0 0 12 * * ?')).toBeNull();
    expect(validateCron('0 0 12 ? * 2#1 2030')).toBeNull();
    expect(validateCron('0 0 12 15W * ?')).toBeNull();
    expect(validateCron('0 0 12 L-3 * ? 2030-2040')).toBeNull();
  });

  it('rejects more than 7 parts', () => {
    expect(validateCron('0 0 12 * * ? 2030 1')).toBe('Cron表达式最多7项！');
  });

  it('rejects a non-numeric year', () => {
    expect(validateCron('0 0 12 * * ? abc')).toBe('Cron表达式参数[年]错误：abc');
    expect(validateCron('0 0 12 * * ? 2030-x')).toBe('Cron表达式参数[年]错误：2030-x');
  });

  it('rejects broken parts with the parser message', () => {
    expect(validateCron('0 0 25 * * ?')).toMatch(/^Cron表达式错误：/);
    expect(validateCron('0 0 12 *')).toMatch(/^Cron表达式错误：/);
  });
});

describe('preview', () => {
  it('converts Quartz week numbering (1=Sunday) for values, ranges, steps, lists, # and L', () => {
    expect(quartzWeekToParser('1')).toBe('0');
    expect(quartzWeekToParser('7')).toBe('6');
    expect(quartzWeekToParser('2-6')).toBe('1-5');
    expect(quartzWeekToParser('2/2')).toBe('1/2');
    expect(quartzWeekToParser('1,3,5')).toBe('0,2,4');
    expect(quartzWeekToParser('6#2')).toBe('5#2');
    expect(quartzWeekToParser('6L')).toBe('5L');
    expect(quartzWeekToParser('MON-FRI')).toBe('1-5');
    expect(quartzWeekToParser('?')).toBe('?');
  });

  it('gives the next 10 runs', () => {
    const runs = nextRuns('0 0 12 * * ?', 10, from);
    expect(runs).toHaveLength(10);
    expect(fmt(runs[0])).toBe('2026-01-01 12:00:00');
    expect(fmt(runs[9])).toBe('2026-01-10 12:00:00');
    expect(previewText('0 0 12 * * ?', from).split('\n')).toHaveLength(10);
  });

  it('weekday 2-6 means Monday to Friday', () => {
    const runs = nextRuns('0 0 8 ? * 2-6', 5, from);
    expect(runs.map((d) => d.getDay())).toEqual([4, 5, 1, 2, 3]);
  });

  it('Quartz 1 is Sunday', () => {
    const runs = nextRuns('0 0 8 ? * 1', 2, from);
    expect(runs.every((d) => d.getDay() === 0)).toBe(true);
  });

  it('reads nW, LW, L-n and Nth weekday', () => {
    // 2026-02-15 is a Sunday: nearest weekday is Monday 16th
    expect(fmt(nextRuns('0 0 9 15W 2 ?', 1, from)[0])).toBe('2026-02-16 09:00:00');
    // last weekday of January 2026: Saturday 31 → Friday 30
    expect(fmt(nextRuns('0 0 9 LW * ?', 1, from)[0])).toBe('2026-01-30 09:00:00');
    expect(fmt(nextRuns('0 0 9 L-3 * ?', 1, from)[0])).toBe('2026-01-28 09:00:00');
    // second Friday (Quartz 6#2) of January 2026 is the 9th
    expect(fmt(nextRuns('0 0 9 ? * 6#2', 1, from)[0])).toBe('2026-01-09 09:00:00');
  });

  it('honours a year part', () => {
    const runs = nextRuns('0 0 0 1 1 ? 2028', 10, from);
    expect(runs.map(fmt)).toEqual(['2028-01-01 00:00:00']);
  });

  it('says 无执行时间 when nothing runs or the text is broken', () => {
    expect(previewText('0 0 0 31 2 ?', from)).toBe(NO_RUNS_TEXT);
    expect(previewText('bad', from)).toBe(NO_RUNS_TEXT);
    expect(previewText('0 0 0 1 1 ? 2020', from)).toBe(NO_RUNS_TEXT);
  });
});

describe('piece editor (JEasyCron) model', () => {
  const now = new Date(2026, 5, 1);

  it('has the modes of each part', () => {
    expect(PIECE_MODES.day).toEqual(['unset', 'every', 'range', 'loop', 'work', 'last', 'specify']);
    expect(PIECE_MODES.hour).toEqual(['every', 'range', 'loop', 'specify']);
  });

  it('has the bounds of each part', () => {
    expect(PIECE_BOUNDS.day).toMatchObject({ min: 1, max: 31 });
    expect(PIECE_BOUNDS.hour).toMatchObject({ min: 0, max: 23 });
    expect(PIECE_BOUNDS.second).toMatchObject({ min: 0, max: 59 });
    expect(PIECE_BOUNDS.minute).toMatchObject({ min: 0, max: 59 });
    expect(PIECE_BOUNDS.year).toMatchObject({ rangeStartMin: 0, rangeEndMin: 1, loopIntervalMin: 1 });
    expect(defaultPiece('year', now).range).toEqual([2026, 2126]);
    expect(defaultPiece('year', now).loop).toEqual([2026, 1]);
  });

  it('parses text back: ? unset, - range, / loop, W work, L last, list or number specify, else every', () => {
    expect(parsePiece('day', '?').mode).toBe('unset');
    expect(parsePiece('day', '3-9')).toMatchObject({ mode: 'range', range: [3, 9] });
    expect(parsePiece('second', '*/5')).toMatchObject({ mode: 'loop', loop: [0, 5] });
    expect(parsePiece('day', '15W')).toMatchObject({ mode: 'work', work: 15 });
    expect(parsePiece('day', 'L').mode).toBe('last');
    expect(parsePiece('minute', '5,1,3')).toMatchObject({ mode: 'specify', specify: [1, 3, 5] });
    expect(parsePiece('hour', '7')).toMatchObject({ mode: 'specify', specify: [7] });
    expect(parsePiece('hour', '*').mode).toBe('every');
    expect(parsePiece('hour', '').mode).toBe('every');
    expect(parsePiece('week', 'MON-FRI')).toMatchObject({ mode: 'range', range: [2, 6] });
  });

  it('a built part parses back to the same mode', () => {
    const fields: CronField[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];
    for (const field of fields) {
      for (const mode of PIECE_MODES[field]) {
        const state: PieceState = { ...defaultPiece(field, now), mode, specify: [PIECE_BOUNDS[field].min + 1] };
        const text = buildPiece(field, state);
        expect(parsePiece(field, text, now).mode, `${field} ${mode} ${text}`).toBe(mode);
        expect(buildPiece(field, parsePiece(field, text, now))).toBe(text);
      }
    }
  });

  it('an empty specify list adds the minimum value', () => {
    expect(buildPiece('day', { ...defaultPiece('day'), mode: 'specify', specify: [] })).toBe('1');
    expect(buildPiece('second', { ...defaultPiece('second'), mode: 'specify', specify: [] })).toBe('0');
  });

  it('cascades defaults to finer parts left at *', () => {
    const base = splitCron('* * * * * ?');
    expect(changePart(base, 'minute', '5')).toMatchObject({ second: '0', minute: '5' });
    expect(changePart(base, 'hour', '3')).toMatchObject({ second: '0', minute: '0', hour: '3' });
    expect(changePart(base, 'day', '2')).toMatchObject({ hour: '0', day: '2', week: '?' });
    expect(changePart(splitCron('0 0 0 * * ?'), 'month', '6')).toMatchObject({ day: '1', week: '?', month: '6' });
    expect(changePart(splitCron('0 0 0 ? * *'), 'month', '6')).toMatchObject({ day: '?', week: '1' });
    expect(changePart(base, 'year', '2030')).toMatchObject({ month: '1' });
    expect(changePart(base, 'minute', '*')).toMatchObject({ second: '*' });
  });

  it('day and week exclude each other', () => {
    const everyDay = splitCron('0 0 0 * * ?');
    expect(isPartDisabled(everyDay, 'week')).toBe(true);
    expect(isPartDisabled(everyDay, 'day')).toBe(false);
    const dayUnset = changePart(everyDay, 'day', '?');
    expect(dayUnset.week).toBe('*');
    expect(isPartDisabled(dayUnset, 'week')).toBe(false);
    expect(isPartDisabled(dayUnset, 'day')).toBe(true);
    const weekSet = changePart(dayUnset, 'week', '2-6');
    expect(weekSet).toMatchObject({ day: '?', week: '2-6' });
    expect(changePart(weekSet, 'week', '?').day).toBe('*');
  });
});

describe('seven-part editor (JCron) model', () => {
  it('has the bounds of each part', () => {
    expect(CYCLE_BOUNDS.second).toEqual({ interval: [1, 59], start: [0, 59], specific: [0, 59], rangeStart: [1, 59], rangeEnd: [0, 59] });
    expect(CYCLE_BOUNDS.minute).toEqual({ interval: [1, 60], start: [0, 59], specific: [0, 59], rangeStart: [1, 60], rangeEnd: [0, 59] });
    expect(CYCLE_BOUNDS.hour.start).toEqual([0, 23]);
    expect(CYCLE_BOUNDS.month).toMatchObject({ interval: [0, 12], start: [0, 12], rangeStart: [1, 12], rangeEnd: [1, 12] });
    expect(CYCLE_BOUNDS.year).toMatchObject({ interval: [1, 99], start: [2019, 2119], rangeStart: [2019, 2119], rangeEnd: [2019, 2119] });
    expect(DAY_BOUNDS).toEqual({ dayOfMonth: [1, 31], weekInterval: [1, 7], weekday: [1, 7], nth: [1, 5] });
  });

  it('builds the default expression', () => {
    expect(buildSeven(defaultSevenState())).toBe('* * * * * ? *');
  });

  const dayCases: [DayMode, Partial<SevenState['day']>, string, string][] = [
    ['everyDay', {}, '*', '?'],
    ['weekInterval', { weekStart: 2, weekInterval: 3 }, '?', '2/3'],
    ['dayInterval', { dayStart: 5, dayInterval: 10 }, '5/10', '?'],
    ['specificWeekdays', { weekdays: [6, 2] }, '?', '2,6'],
    ['specificDays', { days: [15, 1] }, '1,15', '?'],
    ['lastDay', {}, 'L', '?'],
    ['lastWorkday', {}, 'LW', '?'],
    ['lastWeekday', { lastWeekday: 6 }, '?', '6L'],
    ['beforeMonthEnd', { beforeEnd: 3 }, 'L-3', '?'],
    ['nearestWorkday', { nearestDay: 15 }, '15W', '?'],
    ['nthWeekday', { nthWeekday: 2, nth: 3 }, '?', '2#3'],
  ];

  it('covers all eleven day choices, weekday ones leaving day of month unspecified', () => {
    expect(dayCases.map((c) => c[0])).toEqual([...DAY_MODES]);
    for (const [mode, extra, dom, dow] of dayCases) {
      const state = defaultSevenState();
      state.day = { ...state.day, ...extra, mode };
      const parts = buildSeven(state).split(' ');
      expect([parts[3], parts[5]], mode).toEqual([dom, dow]);
      const back = parseSeven(buildSeven(state));
      expect(back.day.mode, mode).toBe(mode);
      expect(buildSeven(back)).toBe(buildSeven(state));
      expect(validateCron(buildSeven(state)), mode).toBeNull();
    }
  });

  it('a built expression with every cycle mode parses back to the same modes', () => {
    const state = defaultSevenState();
    state.second = { ...state.second, mode: 'increment', start: 3, interval: 5 };
    state.minute = { ...state.minute, mode: 'specific', specific: [30, 0, 15] };
    state.hour = { ...state.hour, mode: 'range', rangeStart: 8, rangeEnd: 18 };
    state.month = { ...state.month, mode: 'increment', start: 1, interval: 3 };
    state.year = { ...state.year, mode: 'range', rangeStart: 2030, rangeEnd: 2040 };
    const text = buildSeven(state);
    expect(text).toBe('3/5 0,15,30 8-18 * 1/3 ? 2030-2040');
    const back = parseSeven(text);
    expect([back.second.mode, back.minute.mode, back.hour.mode, back.day.mode, back.month.mode, back.year.mode]).toEqual([
      'increment',
      'specific',
      'range',
      'everyDay',
      'increment',
      'range',
    ]);
    expect(buildSeven(back)).toBe(text);
    expect(nextRuns(text, 10, new Date(2026, 0, 1))).toHaveLength(10);
  });

  it('reads a single weekday as a specific weekday, not as the Nth weekday', () => {
    expect(parseSeven('0 0 0 ? * 3').day).toMatchObject({ mode: 'specificWeekdays', weekdays: [3] });
  });
});
