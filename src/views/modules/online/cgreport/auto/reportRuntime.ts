import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { ChartConfig } from '../parts/ReportChart';

export interface ReportColumn {
  title: string;
  dataIndex: string;
  sorter?: boolean;
  customRender?: string;
  isTotal?: string;
  groupTitle?: string;
  width?: number;
}
export interface DictOption {
  value: string;
  text: string;
}
export interface QueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  dictCode?: string | null;
}
export interface ParamInfo {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
}
export type Row = Record<string, unknown>;
export interface Answer {
  /** capMessage: the server left rows out or cut cells (row, size or cell cap) */
  data: { records: Row[]; total: number; totals?: Record<string, number | null>; capMessage?: string };
  columns: ReportColumn[];
  cgreportHeadName: string;
  dictOptions: Record<string, DictOption[]>;
  isGroupTitle: boolean;
  chart: ChartConfig | null;
}

export const DATE_FORMAT = 'YYYY-MM-DD';

/** Form values → query values: ranges become <field>_begin/_end, parameters self_<name>. */
export function queryValues(values: Record<string, unknown>, items: QueryItem[], params: ParamInfo[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const v = values[`q_${item.field}`];
    if (item.mode === 'group') {
      const [begin, end] = Array.isArray(v)
        ? (v as Array<Dayjs | string | null>)
        : [values[`q_${item.field}_begin`], values[`q_${item.field}_end`]];
      const text = (x: unknown) =>
        x && typeof x === 'object' && 'format' in x ? (x as Dayjs).format(DATE_FORMAT) : String(x ?? '').trim();
      if (text(begin)) out[`${item.field}_begin`] = text(begin);
      if (text(end)) out[`${item.field}_end`] = text(end);
    } else if (v && typeof v === 'object' && 'format' in v) out[item.field] = (v as Dayjs).format(DATE_FORMAT);
    else if (v !== undefined && v !== null && String(v).trim() !== '') out[item.field] = String(v).trim();
  }
  for (const p of params) {
    const v = values[`p_${p.paramName}`];
    if (v !== undefined && v !== null) out[`self_${p.paramName}`] = String(v);
  }
  return out;
}

function display(value: unknown, dict: DictOption[] | undefined): string {
  if (value === null || value === undefined) return '';
  if (!dict) return String(value);
  return String(value)
    .split(',')
    .map((v) => dict.find((d) => d.value === v.trim())?.text ?? v)
    .join(',');
}

/** Table columns, with grouped headers: neighbouring columns of one group title share a parent header. */
export function tableColumns(answer: Answer, sort: { column?: string; order?: string }): ColumnsType<Row> {
  const leaf = (c: ReportColumn): ColumnType<Row> => ({
    title: c.title,
    dataIndex: c.dataIndex,
    key: c.dataIndex,
    align: 'center',
    ...(c.width ? { width: c.width } : {}),
    sorter: !!c.sorter,
    sortOrder: sort.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (v: unknown) => display(v, c.customRender ? answer.dictOptions[c.customRender] : undefined),
  });
  if (!answer.isGroupTitle) return answer.columns.map(leaf);
  const out: ColumnsType<Row> = [];
  let group: { title: string; children: ColumnType<Row>[] } | null = null;
  for (const c of answer.columns) {
    if (c.groupTitle && group && group.title === c.groupTitle) group.children.push(leaf(c));
    else if (c.groupTitle) {
      group = { title: c.groupTitle, children: [leaf(c)] };
      out.push({ title: group.title, key: `g_${c.dataIndex}`, align: 'center', children: group.children });
    } else {
      group = null;
      out.push(leaf(c));
    }
  }
  return out;
}
