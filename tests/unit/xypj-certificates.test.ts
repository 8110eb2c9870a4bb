import { describe, expect, it } from 'vitest';
import { addYears, certNumber } from '../../server/modules/xypj/certificates';
import { encodePushData, pushSignature } from '../../server/modules/xypj/push-login-route';

describe('certificate numbers and dates', () => {
  it('numbers are XYPJ-{year}-{5 digits}', () => {
    expect(certNumber(2025, 1)).toBe('XYPJ-2025-00001');
    expect(certNumber(2025, 12345)).toBe('XYPJ-2025-12345');
  });

  it('valid until the same day two years later; 29 February falls back to 28 February', () => {
    expect(addYears('2026-11-27', 2)).toBe('2028-11-27');
    expect(addYears('2024-02-29', 2)).toBe('2026-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });
});

describe('push payload', () => {
  it('data is base64url JSON and datakey the hex HMAC-SHA256 of the data string', () => {
    const data = encodePushData({ dwcode: '91520100710007919N', ts: 1_700_000_000_000, nonce: 'abcdefgh' });
    expect(JSON.parse(Buffer.from(data, 'base64url').toString())).toEqual({
      dwcode: '91520100710007919N',
      ts: 1_700_000_000_000,
      nonce: 'abcdefgh',
    });
    expect(data).not.toMatch(/[+/=]/);
    expect(pushSignature(data, 'k')).toMatch(/^[0-9a-f]{64}$/);
    expect(pushSignature(data, 'k')).not.toBe(pushSignature(data, 'k2'));
  });
});
