/**
 * Client copy of the server's check-character rules (server/core/id-numbers.ts) with the same messages:
 * the unified social credit code (GB 32100) and the citizen ID card number (GB 11643). Each answers the
 * message naming the field, or '' when the value is valid or empty.
 */

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

const isEmpty = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(first17.charAt(i)) * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

export function checkCreditCode(value: unknown, label = '统一社会信用代码'): string {
  if (isEmpty(value)) return '';
  const text = String(value).trim();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(text)) return `${label}应为18位数字或大写字母`;
  return creditCodeCheckChar(text.slice(0, 17)) === text.charAt(17) ? '' : `${label}校验位不正确`;
}

function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17.charAt(i)) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECK.charAt(sum % 11);
}

function validBirthDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && date.getTime() <= Date.now()
  );
}

export function checkIdCard(value: unknown, label = '身份证号'): string {
  if (isEmpty(value)) return '';
  const text = String(value).trim();
  if (!/^\d{17}[\dX]$/.test(text) || !validBirthDate(text.slice(6, 14))) return `${label}应为18位身份证号码（末位可为X）`;
  return idCardCheckChar(text.slice(0, 17)) === text.charAt(17) ? '' : `${label}校验位不正确`;
}

/** The checks an entity column may name in `check`, by that name. */
export const ID_NUMBER_CHECKS = {
  creditCode: checkCreditCode,
  idCard: checkIdCard,
} as const;
