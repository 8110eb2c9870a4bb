import type { GridColumn } from '@widgets/editable-grid';
import { DB_TYPE_OPTIONS, SHOW_TYPE_OPTIONS, VALID_TYPE_OPTIONS } from './api';

const NAME_RULES = [
  { required: true, message: '请输入${title}' },
  { pattern: '^[a-z][a-z0-9_]{1,49}$', message: '${title}只能用小写字母开头，由小写字母、数字和下划线组成' },
  { unique: true, message: '${title}不能重复' },
];

const flag = (key: string, title: string, width = 80, defaultValue = 0): GridColumn => ({
  key,
  title,
  type: 'checkbox',
  width,
  align: 'center',
  customValue: [1, 0],
  defaultValue,
});
const name = (editable: boolean): GridColumn =>
  editable
    ? { key: 'dbFieldName', title: '字段名称', type: 'input', width: 160, validateRules: NAME_RULES, placeholder: '请输入${title}' }
    : { key: 'dbFieldName', title: '字段名称', type: 'normal', width: 160 };
const text = (editable: boolean): GridColumn =>
  editable
    ? { key: 'dbFieldTxt', title: '字段备注', type: 'input', width: 160, validateRules: [{ required: true, message: '请输入${title}' }] }
    : { key: 'dbFieldTxt', title: '字段备注', type: 'normal', width: 160 };

/** 数据库属性 */
export const DB_COLUMNS: GridColumn[] = [
  name(true),
  text(true),
  { key: 'dbLength', title: '字段长度', type: 'inputNumber', width: 100, defaultValue: 32 },
  { key: 'dbPointLength', title: '小数点', type: 'inputNumber', width: 90, defaultValue: 0 },
  { key: 'dbDefaultVal', title: '默认值', type: 'input', width: 120 },
  { key: 'dbType', title: '字段类型', type: 'select', width: 140, options: DB_TYPE_OPTIONS, defaultValue: 'string', allowClear: false },
  flag('dbIsKey', '主键'),
  flag('dbIsNull', '允许空值', 90, 1),
];

/** 页面属性 */
export const PAGE_COLUMNS: GridColumn[] = [
  name(false),
  text(false),
  flag('isShowForm', '表单显示', 80, 1),
  flag('isShowList', '列表显示', 80, 1),
  { key: 'sortFlag', title: '是否排序', type: 'checkbox', width: 80, align: 'center', customValue: ['1', '0'] },
  flag('isReadOnly', '是否只读'),
  { key: 'fieldShowType', title: '控件类型', type: 'select', width: 170, options: SHOW_TYPE_OPTIONS, allowClear: false },
  { key: 'fieldLength', title: '控件长度', type: 'inputNumber', width: 100 },
  flag('isQuery', '是否查询'),
  {
    key: 'queryMode',
    title: '查询类型',
    type: 'select',
    width: 110,
    options: [
      { value: 'single', text: '普通查询' },
      { value: 'group', text: '范围查询' },
    ],
    allowClear: false,
  },
  { key: 'dictField', title: '字典Code', type: 'input', width: 130 },
  { key: 'dictTable', title: '字典Table', type: 'input', width: 130 },
  { key: 'dictText', title: '字典Text', type: 'input', width: 130 },
  { key: 'fieldHref', title: '跳转地址', type: 'input', width: 130 },
  { key: 'fieldDefaultValue', title: '表单默认值', type: 'input', width: 120 },
  { key: 'fieldExtendJson', title: '扩展参数', type: 'input', width: 140 },
];

/** 校验字段 */
export const CHECK_COLUMNS: GridColumn[] = [
  name(false),
  text(false),
  {
    key: 'fieldValidType',
    title: '校验规则',
    type: 'select',
    width: 200,
    options: VALID_TYPE_OPTIONS,
    allowInput: true,
    allowSearch: true,
  },
  { key: 'fieldMustInput', title: '是否必填', type: 'checkbox', width: 90, align: 'center', customValue: ['1', '0'] },
  flag('isUnique', '唯一'),
];

/** 外键 */
export const FOREIGN_COLUMNS: GridColumn[] = [
  name(false),
  text(false),
  { key: 'mainTable', title: '主表名', type: 'input', width: 180 },
  { key: 'mainField', title: '主表字段', type: 'input', width: 180 },
];

/** 索引 */
export const INDEX_COLUMNS: GridColumn[] = [
  {
    key: 'indexName',
    title: '索引名称',
    type: 'input',
    width: 220,
    validateRules: [
      { required: true, message: '请输入${title}' },
      { pattern: '^[a-z][a-z0-9_]{0,62}$', message: '${title}只能用小写字母开头，由小写字母、数字和下划线组成' },
      { unique: true, message: '${title}不能重复' },
    ],
  },
  {
    key: 'indexField',
    title: '索引栏位（逗号分隔）',
    type: 'input',
    width: 260,
    validateRules: [{ required: true, message: '请输入${title}' }],
  },
  {
    key: 'indexType',
    title: '索引类型',
    type: 'select',
    width: 140,
    options: [
      { value: 'normal', text: 'normal' },
      { value: 'unique', text: 'unique' },
    ],
    defaultValue: 'normal',
    allowClear: false,
  },
];
