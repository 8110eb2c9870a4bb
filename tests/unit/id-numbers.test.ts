import { describe, expect, it } from 'vitest';
import { creditCodeProblem, idCardProblem } from '@contract/id-numbers';

describe('unified social credit code (GB 32100)', () => {
  it('accepts codes whose 18th character is the check character', () => {
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(creditCodeProblem('91110000600037341L')).toBeNull();
  });

  it('refuses a wrong check character, a wrong length and letters outside the code set', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('统一社会信用代码校验位不正确');
    expect(creditCodeProblem('91350100M000100Y4')).toBe('统一社会信用代码应为18位数字或大写字母');
    expect(creditCodeProblem('91350100M000100I43')).toBe('统一社会信用代码应为18位数字或大写字母');
    expect(creditCodeProblem('91350100M000100Y44', '信用代码')).toBe('信用代码校验位不正确');
  });
});

describe('ID card number (GB 11643)', () => {
  it('accepts numbers with the right check character, X included', () => {
    expect(idCardProblem('11010519491231002X')).toBeNull();
    expect(idCardProblem('440524188001010014')).toBe('身份证号应为18位身份证号码（末位可为X）');
    expect(idCardProblem('110105194912310021')).toBe('身份证号校验位不正确');
  });

  it('refuses impossible birth dates and wrong shapes', () => {
    expect(idCardProblem('110105194902300025')).toBe('身份证号应为18位身份证号码（末位可为X）');
    expect(idCardProblem('11010519491231002x')).toBe('身份证号应为18位身份证号码（末位可为X）');
    expect(idCardProblem('1101051949123100')).toBe('身份证号应为18位身份证号码（末位可为X）');
  });
});
