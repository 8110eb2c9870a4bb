import { describe, expect, it } from 'vitest';
import { validateRows, validateRowsAsync, validateRowsDeferred } from '@widgets/editable-grid/validation/validate';
import { registerValidationHandler } from '@widgets/editable-grid/validation/handlers';
import type { GridColumn, GridRow, ValidationRule } from '@widgets/editable-grid/types';

function check(rule: ValidationRule, value: unknown, extra: Partial<GridColumn> = {}): string | null {
  const column: GridColumn = { key: 'v', title: '字段', validateRules: [rule], ...extra };
  const errors = validateRows([{ id: '1', v: value }], [column]);
  return errors[0]?.message ?? null;
}

describe('grid validation presets', () => {
  const cases: [string, string, unknown, unknown][] = [
    ['n6-16', '6到16位数字', '123456', '12345'],
    ['*6-16', '6到16位任意字符', 'ab cd!', 'abc'],
    ['s6-18', '6到18位字母', 'abcdef', 'abc12f'],
    ['url', '网址', 'http://example.com/a?b=1', 'http://exa mple'],
    ['e', '电子邮件', 'zhang.san@mail.com', 'zhang@mail'],
    ['m', '手机号码', '13812345678', '12812345678'],
    ['p', '邮政编码', '100000', '10000'],
    ['s', '字母', 'abc', 'ab1'],
    ['n', '数字', '-12.5', '12a'],
    ['z', '整数', '-12', '1.5'],
    ['money', '金额', '12.34', '12.345'],
  ];
  for (const [code, message, good, bad] of cases) {
    it(`${code} passes "${good}" and fails "${bad}" with ${message}`, () => {
      expect(check({ pattern: code }, good)).toBeNull();
      expect(check({ pattern: code }, bad)).toBe(message);
      expect(check({ pattern: code }, '')).toBeNull();
    });
  }

  it('* and required fail empty values with 非空', () => {
    expect(check({ pattern: '*' }, '')).toBe('非空');
    expect(check({ required: true }, '   ')).toBe('非空');
    expect(check({ required: true }, 'x')).toBeNull();
    expect(check({ required: true, message: '${title}不能为空' }, null)).toBe('字段不能为空');
  });

  it('money allows at most two decimals', () => {
    expect(check({ pattern: 'money' }, '0.5')).toBeNull();
    expect(check({ pattern: 'money' }, '100')).toBeNull();
    expect(check({ pattern: 'money' }, '1.999')).toBe('金额');
  });

  it('a required file column says 附件未上传', () => {
    expect(check({ required: true }, '', { type: 'file' })).toBe('附件未上传');
  });

  it('a custom regex fails with the rule message', () => {
    expect(check({ pattern: '^A\\d+$', message: '${title}须以A开头' }, 'B1')).toBe('字段须以A开头');
    expect(check({ pattern: /^A\d+$/, message: '错' }, 'A12')).toBeNull();
  });

  it('a handler passes with true/undefined and fails with false or its own message', () => {
    expect(check({ handler: ({ value }) => value === 'ok' || '必须是ok' }, 'no')).toBe('必须是ok');
    expect(check({ handler: () => false, message: '不行' }, 'no')).toBe('不行');
    expect(check({ handler: () => undefined }, 'no')).toBeNull();
  });

  it('unique and only fail every row sharing a value, with the rule message', () => {
    const rows: GridRow[] = [
      { id: '1', v: 'a' },
      { id: '2', v: 'b' },
      { id: '3', v: 'a' },
    ];
    for (const rule of [
      { unique: true, message: '${title}重复' },
      { pattern: 'only', message: '${title}重复' },
    ]) {
      const errors = validateRows(rows, [{ key: 'v', title: '编码', validateRules: [rule] }]);
      expect(errors.map((e) => [e.rowId, e.message])).toEqual([
        ['1', '编码重复'],
        ['3', '编码重复'],
      ]);
    }
  });

  it('validates 10,000 rows × 10 columns within 500 ms', () => {
    const columns: GridColumn[] = Array.from({ length: 10 }, (_, i) => ({
      key: `c${i}`,
      title: `列${i}`,
      validateRules: i === 0 ? [{ required: true }, { unique: true }] : [{ pattern: i % 2 ? 'n' : 'm' }],
    }));
    const rows = Array.from({ length: 10_000 }, (_, r) => {
      const row: GridRow = { id: String(r) };
      columns.forEach((c, i) => (row[c.key] = i === 0 ? `k${r}` : i % 2 ? String(r) : '13812345678'));
      return row;
    });
    const t0 = performance.now();
    const errors = validateRows(rows, columns);
    const ms = performance.now() - t0;
    expect(errors).toEqual([]);
    expect(ms).toBeLessThan(500);
  });
});

describe('asynchronous and named handlers', () => {
  const col = (rule: ValidationRule): GridColumn => ({ key: 'v', title: '字段', validateRules: [rule] });

  it('waits for a handler answering with a Promise, failing with its message or the rule message', async () => {
    const remote: ValidationRule = { handler: async ({ value }) => (value === 'taken' ? '${title}已被占用' : true) };
    const rows = [
      { id: '1', v: 'taken' },
      { id: '2', v: 'free' },
      { id: '3', v: 'x' },
    ];
    const columns = [col(remote), { key: 'w', title: '其它', validateRules: [{ required: true }] }];
    expect(await validateRowsAsync(rows, columns)).toEqual([
      { rowId: '1', rowIndex: 0, columnKey: 'v', message: '字段已被占用' },
      { rowId: '1', rowIndex: 0, columnKey: 'w', message: '非空' },
      { rowId: '2', rowIndex: 1, columnKey: 'w', message: '非空' },
      { rowId: '3', rowIndex: 2, columnKey: 'w', message: '非空' },
    ]);
    const rejected = await validateRowsAsync([{ id: '1', v: 'a' }], [col({ handler: () => Promise.resolve(false), message: '不行' })]);
    expect(rejected.map((e) => e.message)).toEqual(['不行']);
    const thrown = await validateRowsAsync(
      [{ id: '1', v: 'a' }],
      [col({ handler: () => Promise.reject(new Error('x')), message: '出错' })],
    );
    expect(thrown.map((e) => e.message)).toEqual(['出错']);
  });

  it('keeps the synchronous path synchronous', () => {
    const result = validateRowsDeferred([{ id: '1', v: 'a b' }], [col({ handler: ({ value }) => value !== 'a b' })]);
    expect(result.pending).toBeNull();
    expect(result.errors.map((e) => e.message)).toEqual(['字段校验未通过']);
  });

  it('runs the later rules of a column only after an asynchronous pass', async () => {
    const columns = [{ key: 'v', title: '字段', validateRules: [{ handler: async () => true }, { pattern: 'n', message: '要数字' }] }];
    expect((await validateRowsAsync([{ id: '1', v: 'abc' }], columns)).map((e) => e.message)).toEqual(['要数字']);
  });

  it('finds handlers named in a schema, and fails a column naming an unregistered one', () => {
    expect(check({ handler: 'noSpaces' }, 'a b')).toBe('字段不能包含空格');
    expect(check({ handler: 'noSpaces' }, 'ab')).toBeNull();
    registerValidationHandler('evenLength', ({ value }) => String(value).length % 2 === 0);
    expect(check({ handler: 'evenLength', message: '${title}长度须为偶数' }, 'abc')).toBe('字段长度须为偶数');
    expect(check({ handler: 'nope' }, 'x')).toBe('字段的校验函数nope未注册');
  });
});
