import { attempt, type Done } from '../../../../../api/request';
import { feedback } from '../../../../../feedback';

export interface FormHead {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: number;
  tableVersion: number;
  isDbSynch: string;
  isCheckbox: string;
  isPage: string;
  isTree: string;
  treeParentIdField: string | null;
  treeIdField: string | null;
  treeFieldname: string | null;
  formTemplate: string;
  themeTemplate: string;
  relationType: number | null;
  subTableStr: string | null;
  createTime: string | null;
}

export type Row = Record<string, unknown>;

export interface PageResult<T> {
  records: T[];
  total: number;
}

/**
 * Runs a write: accepted, it shows `success` (else the server's message, if any; '' shows nothing) and
 * resolves true; refused, the one place shows the server's sentence and it resolves false.
 */
export async function reported(work: () => Promise<Done<unknown>>, success?: string): Promise<boolean> {
  const done = await attempt(work);
  if (!done) return false;
  const text = success ?? done.message;
  if (text) feedback().message.success(text);
  return true;
}

export const TABLE_TYPES: Record<number, string> = { 1: '单表', 2: '主表', 3: '附表' };

export const DB_TYPE_OPTIONS = [
  { value: 'string', text: 'String' },
  { value: 'int', text: 'Integer' },
  { value: 'double', text: 'Double' },
  { value: 'BigDecimal', text: 'BigDecimal' },
  { value: 'Date', text: 'Date' },
  { value: 'Datetime', text: 'Datetime' },
  { value: 'Text', text: 'Text' },
];

export const SHOW_TYPE_OPTIONS = [
  ['text', '文本框'],
  ['password', '密码'],
  ['list', '下拉框'],
  ['radio', '单选框'],
  ['checkbox', '多选框'],
  ['switch', '开关'],
  ['date', '日期(yyyy-MM-dd)'],
  ['datetime', '日期(yyyy-MM-dd HH:mm:ss)'],
  ['time', '时间(HH:mm:ss)'],
  ['file', '文件'],
  ['image', '图片'],
  ['textarea', '多行文本'],
  ['list_multi', '下拉多选框'],
  ['sel_search', '下拉搜索框'],
  ['popup', 'Popup弹框'],
  ['sel_tree', '自定义树控件'],
  ['cat_tree', '分类字典树'],
  ['sel_user', '用户选择'],
  ['sel_depart', '部门选择'],
  ['pca', '省市区组件'],
  ['markdown', 'Markdown'],
  ['umeditor', '富文本'],
  ['link_down', '联动组件'],
].map(([value, text]) => ({ value, text }));

export const VALID_TYPE_OPTIONS = [
  ['', '空'],
  ['only', '唯一校验'],
  ['*6-16', '6到16位任意字符'],
  ['n6-16', '6到16位数字'],
  ['s6-18', '6到18位字母'],
  ['url', '网址'],
  ['e', '电子邮件'],
  ['m', '手机号码'],
  ['p', '邮政编码'],
  ['s', '字母'],
  ['n', '数字'],
  ['z', '整数'],
  ['money', '金额'],
].map(([value, text]) => ({ value, text }));

/** The columns every new form starts with (the server adds any that are missing). */
export function standardFields(): Row[] {
  const base = {
    dbIsNull: 1,
    dbIsKey: 0,
    isShowForm: 0,
    isShowList: 0,
    isQuery: 0,
    queryMode: 'single',
    fieldShowType: 'text',
    fieldMustInput: '0',
    sortFlag: '0',
    isReadOnly: 0,
  };
  return [
    { ...base, dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', dbLength: 36, dbIsKey: 1, dbIsNull: 0 },
    { ...base, dbFieldName: 'create_by', dbFieldTxt: '创建人', dbType: 'string', dbLength: 50 },
    { ...base, dbFieldName: 'create_time', dbFieldTxt: '创建日期', dbType: 'Datetime', dbLength: 20, fieldShowType: 'datetime' },
    { ...base, dbFieldName: 'update_by', dbFieldTxt: '更新人', dbType: 'string', dbLength: 50 },
    { ...base, dbFieldName: 'update_time', dbFieldTxt: '更新日期', dbType: 'Datetime', dbLength: 20, fieldShowType: 'datetime' },
    { ...base, dbFieldName: 'sys_org_code', dbFieldTxt: '所属部门', dbType: 'string', dbLength: 64 },
  ];
}

/** Defaults of a row added in the grid. */
export const NEW_FIELD: Row = {
  dbType: 'string',
  dbLength: 32,
  dbPointLength: 0,
  dbIsNull: 1,
  dbIsKey: 0,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  fieldShowType: 'text',
  fieldMustInput: '0',
  sortFlag: '0',
  isReadOnly: 0,
  fieldLength: 120,
};
