/**
 * Check characters of Chinese identification numbers: the unified social credit code (GB 32100)
 * and the citizen ID card number (GB 11643). Each function answers a plain message naming the
 * field, or null when the value is valid. The server checks stored values with them, the client's
 * form and grid validators (renderer/validators/id-numbers.ts) check input as it is typed.
 */

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** The check character of the first 17 characters of a credit code (which must be in CREDIT_CODE_CHARS). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(first17[i]!) * CREDIT_CODE_WEIGHTS[i]!;
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!;
}

export function creditCodeProblem(value: string, label = '统一社会信用代码'): string | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return `${label}应为18位数字或大写字母`;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17] ? null : `${label}校验位不正确`;
}

/** The check character of the first 17 digits of an ID card number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CARD_WEIGHTS[i]!;
  return ID_CARD_CHECK[sum % 11]!;
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

export function idCardProblem(value: string, label = '身份证号'): string | null {
  if (!/^\d{17}[\dX]$/.test(value) || !validBirthDate(value.slice(6, 14))) return `${label}应为18位身份证号码（末位可为X）`;
  return idCardCheckChar(value.slice(0, 17)) === value[17] ? null : `${label}校验位不正确`;
}

/** The checks an entity column may name in `check`. */
export const VALUE_CHECKS = {
  creditCode: creditCodeProblem,
  idCard: idCardProblem,
} as const;

export type ValueCheckName = keyof typeof VALUE_CHECKS;
