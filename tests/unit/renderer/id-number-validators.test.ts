import { describe, expect, it } from 'vitest';
import { creditCodeProblem, idCardProblem } from '@contract/id-numbers';
import { checkCreditCode, checkIdCard } from '../../../renderer/validators/id-numbers';
import { getValidationHandler } from '../../../widgets/editable-grid';

const CREDIT_CODES = ['91350100M000100Y43', '91350100M000100Y44', '91350100M000100Y4', '91350100M000100I43', '91110000600037341L'];
const ID_CARDS = ['11010519491231002X', '110105194912310021', '11010519491331002X', '1101051949123100', '110105194912310029'];

describe('client check characters', () => {
  it('answers what the server answers for credit codes', () => {
    for (const code of CREDIT_CODES) expect(checkCreditCode(code)).toBe(creditCodeProblem(code) ?? '');
  });

  it('answers what the server answers for ID card numbers', () => {
    for (const id of ID_CARDS) expect(checkIdCard(id)).toBe(idCardProblem(id) ?? '');
  });

  it('lets empty values pass (required is a separate rule)', () => {
    expect(checkCreditCode('')).toBe('');
    expect(checkIdCard(undefined)).toBe('');
  });

  it('gives the editable grid the same checks by name', async () => {
    const idCard = getValidationHandler('idCard');
    const context = { row: { id: '1' }, column: { key: 'idCard', title: '身份证号' }, rows: [] } as never;
    expect(await idCard?.({ ...(context as object), value: '110105194912310021' } as never)).toBe('身份证号校验位不正确');
    expect(await idCard?.({ ...(context as object), value: '11010519491231002X' } as never)).toBe(true);
    expect(await getValidationHandler('creditCode')?.({ ...(context as object), value: '91350100M000100Y44' } as never)).toBe(
      '统一社会信用代码校验位不正确',
    );
  });
});
