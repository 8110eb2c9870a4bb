import { describe, expect, it } from 'vitest';
import { greetingFor, welcomeBack } from '@src/greeting';

const at = (hour: number, minute = 0) => new Date(2026, 0, 1, hour, minute);

describe('greeting by hour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('%i:00 -> %s', (hour, text) => {
    expect(greetingFor(at(hour))).toBe(text);
  });

  it('welcomes back after sign-in', () => {
    expect(welcomeBack(at(10))).toBe('上午好，欢迎回来');
  });
});
