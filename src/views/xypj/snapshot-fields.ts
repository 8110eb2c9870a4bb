/** What the 单位信息快照 of an application shows: the company's fields and its five sub-lists, labelled. */
export interface SnapshotField {
  key: string;
  label: string;
  dictCode?: string;
}

export interface SnapshotList {
  key: string;
  title: string;
  fields: SnapshotField[];
}

export const COMPANY_FIELDS: SnapshotField[] = [
  { key: 'name', label: '企业名称' },
  { key: 'creditCode', label: '统一社会信用代码' },
  { key: 'legalPerson', label: '法定代表人' },
  { key: 'registeredCapital', label: '注册资本（万元）' },
  { key: 'establishDate', label: '成立日期' },
  { key: 'qualLevel', label: '资质等级', dictCode: 'xypj_qual_level' },
  { key: 'qualCertNo', label: '资质证书编号' },
  { key: 'address', label: '详细地址' },
  { key: 'contact', label: '联系人' },
  { key: 'mobile', label: '联系电话' },
  { key: 'email', label: '电子邮箱' },
];

export const SNAPSHOT_LISTS: SnapshotList[] = [
  {
    key: 'engineerList',
    title: '注册监理工程师',
    fields: [
      { key: 'name', label: '姓名' },
      { key: 'certNo', label: '注册证书编号' },
      { key: 'specialty', label: '专业', dictCode: 'xypj_specialty' },
      { key: 'registerDate', label: '注册日期' },
    ],
  },
  {
    key: 'projectList',
    title: '业绩项目',
    fields: [
      { key: 'name', label: '项目名称' },
      { key: 'projectType', label: '项目类型', dictCode: 'xypj_project_type' },
      { key: 'investment', label: '投资额（万元）' },
      { key: 'supervisionFee', label: '监理费（万元）' },
      { key: 'startDate', label: '开工日期' },
      { key: 'endDate', label: '竣工日期' },
      { key: 'projectState', label: '项目状态', dictCode: 'xypj_project_state' },
    ],
  },
  {
    key: 'awardList',
    title: '获奖情况',
    fields: [
      { key: 'name', label: '奖项名称' },
      { key: 'awardLevel', label: '奖项级别', dictCode: 'xypj_award_level' },
      { key: 'awardDate', label: '获奖日期' },
      { key: 'issuer', label: '颁发单位' },
    ],
  },
  {
    key: 'badRecordList',
    title: '不良行为记录',
    fields: [
      { key: 'description', label: '不良行为描述' },
      { key: 'recordDate', label: '发生日期' },
      { key: 'authority', label: '处罚机关' },
      { key: 'penalty', label: '处罚结果' },
      { key: 'deduction', label: '扣分' },
    ],
  },
  {
    key: 'financeList',
    title: '财务情况',
    fields: [
      { key: 'year', label: '年度' },
      { key: 'revenue', label: '营业收入（万元）' },
      { key: 'taxPaid', label: '纳税额（万元）' },
    ],
  },
];

type Row = Record<string, unknown>;

/** The snapshot text parsed, or null when it is empty or not an object. */
export function parseSnapshot(text: unknown): Row | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;
  } catch {
    return null;
  }
}

/** The stored paths of a comma-separated materials value. */
export function materialPaths(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}
