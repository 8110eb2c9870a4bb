/** One row of sys_data_log as /sys/dataLog/queryCompareList answers it. */
export interface DataVersion {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  dataContent: string;
  createBy?: string | null;
  createTime?: string | null;
  fieldLabels?: Record<string, string>;
}

export interface CompareRow {
  field: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

function parse(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The fields of both versions (in the order of the older one), with their texts and whether they differ. */
export function compareRows(older: DataVersion, newer: DataVersion): CompareRow[] {
  const a = parse(older.dataContent);
  const b = parse(newer.dataContent);
  const labels = older.fieldLabels ?? {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => {
    const before = show(a[field]);
    const after = show(b[field]);
    return { field, label: labels[field] ? `${labels[field]}（${field}）` : field, before, after, changed: before !== after };
  });
}
