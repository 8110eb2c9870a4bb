/**
 * The check-character rules of contract/id-numbers.ts (credit code GB 32100, ID card number GB 11643) as
 * form validators: each answers the message naming the field, or '' when the value is valid or empty
 * (required is a rule of its own).
 */
import { creditCodeProblem, idCardProblem, type ValueCheckName } from '@contract/id-numbers';

const isEmpty = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

export function checkCreditCode(value: unknown, label = '统一社会信用代码'): string {
  return isEmpty(value) ? '' : (creditCodeProblem(String(value).trim(), label) ?? '');
}

export function checkIdCard(value: unknown, label = '身份证号'): string {
  return isEmpty(value) ? '' : (idCardProblem(String(value).trim(), label) ?? '');
}

/** The checks an entity column may name in `check`, by that name. */
export const ID_NUMBER_CHECKS = {
  creditCode: checkCreditCode,
  idCard: checkIdCard,
} as const satisfies Record<ValueCheckName, (value: unknown, label?: string) => string>;
