/** What the 单位信息快照 of an application shows: the company's fields and its five sub-lists, labelled. */
export interface SnapshotField {
  key: string;
  label: string;
  dictCode?: string;
  /** area: a GB/T 2260 code shown as 省/市/区; file: stored evidence paths the reviewer opens in the viewer */
  kind?: 'area' | 'file';
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
  { key: 'areaCode', label: '所在地区', kind: 'area' },
  { key: 'address', label: '详细地址' },
  { key: 'contact', label: '联系人' },
  { key: 'mobile', label: '联系电话' },
  { key: 'email', label: '电子邮箱' },
  { key: 'licenseFile', label: '营业执照', kind: 'file' },
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
      { key: 'certFile', label: '证书文件', kind: 'file' },
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
      { key: 'proofFile', label: '证明材料', kind: 'file' },
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
      { key: 'file', label: '证明文件', kind: 'file' },
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
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** One evidence file of a unit: what it proves (营业执照, 注册监理工程师·王伟·证书文件) and its stored path. */
export interface EvidenceFile {
  label: string;
  path: string;
}

/** What a sub-list row's file proves: 注册监理工程师·王伟·证书文件 (the row number when it has no name). */
export function rowEvidenceLabel(list: SnapshotList, row: Row, index: number, field: SnapshotField): string {
  const name = typeof row.name === 'string' && row.name ? row.name : `第${index + 1}行`;
  return `${list.title}·${name}·${field.label}`;
}

/** Every evidence file of the unit information, the licence first, then each sub-list's rows in order. */
export function evidenceFiles(unit: Row): EvidenceFile[] {
  const out: EvidenceFile[] = [];
  for (const field of COMPANY_FIELDS)
    if (field.kind === 'file') for (const path of materialPaths(unit[field.key])) out.push({ label: field.label, path });
  for (const list of SNAPSHOT_LISTS) {
    const rows = Array.isArray(unit[list.key]) ? (unit[list.key] as Row[]) : [];
    for (const field of list.fields.filter((f) => f.kind === 'file')) {
      rows.forEach((row, i) => {
        for (const path of materialPaths(row[field.key])) out.push({ label: rowEvidenceLabel(list, row, i, field), path });
      });
    }
  }
  return out;
}
