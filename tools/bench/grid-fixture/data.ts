import type { GridColumn, GridRow } from '@widgets/editable-grid/types';

/** Ten columns of the common cell types, each with a validation rule. */
export const benchColumns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', width: 140, validateRules: [{ required: true }] },
  { key: 'code', title: '编码', type: 'input', width: 120, validateRules: [{ unique: true, message: '编码重复' }] },
  { key: 'phone', title: '手机', type: 'input', width: 140, validateRules: [{ pattern: 'm' }] },
  { key: 'email', title: '邮箱', type: 'input', width: 180, validateRules: [{ pattern: 'e' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', width: 100, validateRules: [{ pattern: 'z' }] },
  { key: 'price', title: '单价', type: 'inputNumber', width: 100, validateRules: [{ pattern: 'money' }] },
  {
    key: 'sex',
    title: '性别',
    type: 'select',
    width: 100,
    options: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
    validateRules: [{ required: true }],
  },
  { key: 'day', title: '日期', type: 'date', width: 135, validateRules: [{ required: true }] },
  { key: 'zip', title: '邮编', type: 'input', width: 100, validateRules: [{ pattern: 'p' }] },
  { key: 'remark', title: '备注', type: 'input', width: 200, validateRules: [{ pattern: '*6-16' }] },
];

export function benchRows(n: number): GridRow[] {
  const rows: GridRow[] = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      id: String(i + 1),
      name: `单位${i + 1}`,
      code: `C${100000 + i}`,
      phone: `138${String(10000000 + i).slice(-8)}`,
      email: `user${i}@mail.com`,
      qty: i % 100,
      price: `${i % 1000}.5`,
      sex: i % 2 ? '1' : '2',
      day: '2023-05-01',
      zip: '310000',
      remark: `第${i + 1}行备注内容`,
    });
  }
  return rows;
}
