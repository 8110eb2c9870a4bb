import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { registerPresetValidators } from '@renderer/validators';
import { checkUserPattern, compileUserPattern } from '@renderer/validators/user-pattern';
import { validateRows } from '@widgets/editable-grid/validation/validate';
import { testDataProvider } from '../helpers/dataProvider';
import { fakeHttp } from './harness';

/** Chained bounded repeats: RegExp takes minutes on a long value that does not match, the linear-time engine no time. */
const CHAINED = `^${'\\w{0,42}'.repeat(6)}$`;

describe('user patterns in the browser (linear-time engine)', () => {
  it('checks a chained-repeat pattern against 10,000 characters within 100 ms', () => {
    checkUserPattern(CHAINED, 'warm-up', '格式不正确');
    for (const value of [`${'a'.repeat(251)}!`, `${'a'.repeat(9_999)}!`]) {
      const started = performance.now();
      expect(checkUserPattern(CHAINED, value, '格式不正确')).toBe('格式不正确');
      expect(performance.now() - started).toBeLessThan(100);
    }
    expect(checkUserPattern(CHAINED, 'a'.repeat(252), '格式不正确')).toBe('');
  });

  it('reads JavaScript syntax (\\u escapes, literals with flags) and refuses what the engine cannot express', () => {
    expect(compileUserPattern('^[\\u4e00-\\u9fa5]+$').test('信用评价')).toBe(true);
    expect(compileUserPattern('/^abc$/i').test('ABC')).toBe(true);
    expect(() => compileUserPattern('(a)\\1')).toThrow('正则表达式不能使用反向引用（线性时间引擎不支持）');
    expect(() => compileUserPattern('(?<=A)\\d')).toThrow('正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）');
    expect(checkUserPattern('x(?!y)', 'x', '格式不正确')).toBe('校验规则无法使用：正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）');
  });

  it('runs the pattern rule of a Formily field (online-form and entity patterns) with the engine', async () => {
    registerPresetValidators(testDataProvider(fakeHttp({}).http));
    const form = createForm();
    const code = form.createField({ name: 'code', validator: [{ pattern: CHAINED, message: '编码格式不正确' }] });
    const ref = form.createField({ name: 'ref', validator: [{ pattern: '^(\\d)\\1$', message: '参考号格式不正确' }] });
    const started = performance.now();
    await code.onInput(`${'a'.repeat(800)}!`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(code.selfErrors).toEqual(['编码格式不正确']);
    await code.onInput('abc_123');
    expect(code.selfErrors).toEqual([]);
    await ref.onInput('11');
    expect(ref.selfErrors).toEqual(['校验规则无法使用：正则表达式不能使用反向引用（线性时间引擎不支持）']);
  });

  it('runs a grid column pattern written as text with the engine', () => {
    const errors = validateRows(
      [{ id: '1', v: `${'a'.repeat(800)}!` }],
      [{ key: 'v', title: '编码', validateRules: [{ pattern: CHAINED, message: '${title}格式不正确' }] }],
    );
    expect(errors.map((e) => e.message)).toEqual(['编码格式不正确']);
  });
});
