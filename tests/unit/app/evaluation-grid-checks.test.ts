import { describe, expect, it } from 'vitest';
import { getValidationHandler } from '../../../widgets/editable-grid';
import { registerEvaluationGridChecks } from '../../../src/xypj/gridChecks';

registerEvaluationGridChecks();

const run = (name: string, value: unknown, row: Record<string, unknown> = {}) =>
  getValidationHandler(name)?.({ value, row: { id: '1', ...row }, column: { key: 'k', title: 't' }, rows: [] } as never);

describe('credit evaluation sub-form checks', () => {
  it('refuses a completion date before the start date', () => {
    expect(run('endNotBeforeStart', '2024-01-01', { startDate: '2024-03-01' })).toBe('竣工日期不能早于开工日期');
    expect(run('endNotBeforeStart', '2024-03-01', { startDate: '2024-03-01' })).toBe(true);
    expect(run('endNotBeforeStart', '2024-01-01', {})).toBe(true);
  });

  it('keeps a deduction between 0 and 20', () => {
    expect(run('deduction0to20', 21)).toBe('扣分应在0到20之间');
    expect(run('deduction0to20', '-1')).toBe('扣分应在0到20之间');
    expect(run('deduction0to20', '20')).toBe(true);
    expect(run('deduction0to20', '')).toBe(true);
  });
});
