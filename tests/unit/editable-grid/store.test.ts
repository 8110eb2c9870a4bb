import { describe, expect, it } from 'vitest';
import { GridStore } from '@widgets/editable-grid/model/store';
import { computeStatistics } from '@widgets/editable-grid/model/statistics';
import { normaliseAddRowSettings } from '@widgets/editable-grid/model/addRowSettings';
import { formatTagInput } from '@widgets/editable-grid/cells/tagInput';
import { isAcceptableNumberInput, parseNumberInput } from '@widgets/editable-grid/cells/numberInput';
import type { GridColumn } from '@widgets/editable-grid/types';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', defaultValue: '新' },
  { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true },
  { key: 'seq', title: '序号', type: 'inputNumber', isOrder: true },
];

function sorted() {
  const s = new GridStore({ columns, sortKey: 'orderNum' });
  s.load([
    { id: 'a', name: 'A', seq: 1 },
    { id: 'b', name: 'B', seq: 2 },
    { id: 'c', name: 'C', seq: 7 },
  ]);
  return s;
}

const names = (s: GridStore) => s.rows.map((r) => `${r.name}:${r.orderNum}`);

describe('grid rows', () => {
  it('numbers rows 1..n by orderNum on load', () => {
    expect(names(sorted())).toEqual(['A:1', 'B:2', 'C:3']);
  });

  it('adds rows with defaults, custom checkbox values and the next order number', () => {
    const s = sorted();
    const [row] = s.insert([{}]);
    expect(row).toMatchObject({ name: '新', ok: 'Y', seq: 8, orderNum: 4 });
    expect(s.newRows()).toEqual([{ name: '新', ok: 'Y', seq: 8, orderNum: 4 }]);
  });

  it('inserts at an index and renumbers', () => {
    const s = sorted();
    s.insert([{ name: 'X' }, { name: 'Y' }], 1);
    expect(names(s)).toEqual(['A:1', 'X:2', 'Y:3', 'B:4', 'C:5']);
  });

  it('removes rows, renumbers and reports only saved rows as deleted', () => {
    const s = sorted();
    const [n] = s.insert([{ name: 'N' }], 0);
    s.remove(['a', String(n.id)]);
    expect(names(s)).toEqual(['B:1', 'C:2']);
    expect(s.deletedRows().map((r) => r.id)).toEqual(['a']);
  });

  it('drag sort moves a row and rewrites orderNum 1..n', () => {
    const s = sorted();
    s.move(2, 0);
    expect(names(s)).toEqual(['C:1', 'A:2', 'B:3']);
  });

  it('setValues changes a row but keeps its key', () => {
    const s = sorted();
    s.setValues([{ rowKey: 'b', values: { name: 'BB', id: 'zzz' } }]);
    expect(s.getRow('b')?.name).toBe('BB');
  });

  it('re-validates a unique column when a duplicate row is removed', () => {
    const s = new GridStore({ columns: [{ key: 'code', title: '编码', validateRules: [{ unique: true, message: '编码重复' }] }] });
    s.load([
      { id: '1', code: 'x' },
      { id: '2', code: 'x' },
    ]);
    expect(s.validate().length).toBe(2);
    s.remove(['2']);
    expect(s.errorOf('1', 'code')).toBeUndefined();
  });
});

describe('grid helpers', () => {
  it('sums and averages statistics columns', () => {
    const stats = computeStatistics(
      [
        { a: 1.1, b: '2' },
        { a: 2.2, b: 'x' },
        { a: '', b: 4 },
      ],
      [
        { key: 'a', title: 'A', statistics: ['sum', 'average'] },
        { key: 'b', title: 'B', statistics: ['sum'] },
      ],
    );
    expect(stats).toEqual([
      { kind: 'sum', label: '合计', values: { a: 3.3, b: 6 } },
      { kind: 'average', label: '平均', values: { a: 1.1 } },
    ]);
  });

  it('add-row settings keep count ≥ 1 and index within 0..rows', () => {
    expect(normaliseAddRowSettings({ addRowNum: 0, addIndex: 9, addScrollToBottom: true }, 3)).toEqual({
      addRowNum: 1,
      addIndex: 3,
      addScrollToBottom: true,
    });
    expect(normaliseAddRowSettings({ addRowNum: 4, addIndex: -2 }, 3)).toEqual({ addRowNum: 4, addIndex: 0, addScrollToBottom: false });
  });

  it('tag input strips semicolons and inserts one after every 2 characters', () => {
    expect(formatTagInput('abcde')).toBe('ab;cd;e');
    expect(formatTagInput('a;b;cd')).toBe('ab;cd');
  });

  it('number input accepts sign, digits and one point, and parses on blur', () => {
    expect(['-', '-1.', '12.5', ''].every(isAcceptableNumberInput)).toBe(true);
    expect(['1-', '1.2.3', 'a'].some(isAcceptableNumberInput)).toBe(false);
    expect(parseNumberInput('-12.50')).toBe(-12.5);
    expect(parseNumberInput('-')).toBe('');
  });
});
