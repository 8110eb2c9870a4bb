import { describe, expect, it } from 'vitest';
import { canWith } from '@src/auth/can';

describe('button permission', () => {
  const allAuth = [
    { action: 'user:add', status: '1', type: '1' },
    { action: 'user:free', status: '0', type: '1' },
  ];
  it('hides a button unless granted', () => {
    expect(canWith('user:add', [], allAuth)).toBe(false);
    expect(canWith('user:add', [{ action: 'user:add', type: '2' }], allAuth)).toBe(true);
  });
  it('keeps a button whose configuration is disabled', () => {
    expect(canWith('user:free', [], allAuth)).toBe(true);
  });
  it('splits comma-separated actions and lets status 0 deny', () => {
    expect(canWith('user:edit', [{ action: 'user:add,user:edit', type: '2' }], allAuth)).toBe(true);
    expect(canWith('user:add', [{ action: 'user:add', type: '2', status: '0' }], allAuth)).toBe(false);
  });
});
