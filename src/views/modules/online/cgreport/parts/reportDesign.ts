import { attempt, request } from '../../../../../api/request';
import { feedback } from '../../../../../feedback';

export interface ReportField {
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  isShow: number;
  isSearch: number;
  searchMode: string;
  isOrder: number;
  dictCode: string;
  isTotal: string;
  groupTitle: string;
  orderNum: number;
}
export interface ReportParam {
  paramName: string;
  paramTxt: string;
  paramValue: string;
  orderNum: number;
}
export interface ReportHeadRow {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  chartType?: string | null;
  chartX?: string | null;
  chartY?: string | null;
}

export interface ReportHeadValues {
  code: string;
  name: string;
  cgrSql: string;
  chartType: string;
  chartX?: string;
  chartY?: string[];
}

/** A flag the server sends as 1 or '1'. */
export const on = (v: unknown) => v === 1 || v === '1';

/** The head's values for the design form. */
export function headValues(head: ReportHeadRow): ReportHeadValues {
  return {
    code: head.code,
    name: head.name,
    cgrSql: head.cgrSql,
    chartType: head.chartType ?? '',
    chartX: head.chartX ?? undefined,
    chartY: head.chartY ? head.chartY.split(',') : [],
  };
}

/** The saved columns and parameters of a report, with empty texts instead of nulls (a refusal is shown and reads as none). */
export async function loadDesign(headId: string): Promise<{ fields?: ReportField[]; params?: ReportParam[] }> {
  const [fields, params] = await Promise.all([
    attempt(() => request.get<ReportField[] | null>('/online/cgreport/item/listByHeadId', { headId })),
    attempt(() => request.get<ReportParam[] | null>('/online/cgreport/param/listByHeadId', { headId })),
  ]);
  return {
    fields: fields?.map((x) => ({
      ...x,
      isTotal: on(x.isTotal) ? '1' : '0',
      dictCode: x.dictCode ?? '',
      groupTitle: x.groupTitle ?? '',
      fieldTxt: x.fieldTxt ?? '',
    })),
    params: params?.map((x) => ({ ...x, paramTxt: x.paramTxt ?? '', paramValue: x.paramValue ?? '' })),
  };
}

/**
 * 解析SQL: the columns and parameters of the SQL, keeping what was already configured for the
 * columns and parameters still there. Undefined when the SQL is empty or refused (the user was told).
 */
export async function parseDesign(
  sql: string,
  fields: ReportField[],
  params: ReportParam[],
): Promise<{ fields: ReportField[]; params: ReportParam[] } | undefined> {
  if (!sql.trim()) {
    feedback().message.warning('请先填写报表SQL');
    return undefined;
  }
  const done = await attempt(() =>
    request.post<{ fields: ReportField[]; params: ReportParam[] }>('/online/cgreport/head/parseSql', { sql }),
  );
  if (!done) return undefined;
  const parsed = done.result;
  const before = new Map(fields.map((f) => [f.fieldName, f]));
  const paramsBefore = new Map(params.map((p) => [p.paramName, p]));
  feedback().message.success(`解析成功：${parsed.fields.length} 个字段，${parsed.params.length} 个参数`);
  return {
    fields: parsed.fields.map((f) => ({
      ...f,
      ...(before.get(f.fieldName) ?? {}),
      fieldType: before.get(f.fieldName)?.fieldType ?? f.fieldType,
      orderNum: f.orderNum,
    })),
    params: parsed.params.map((p) => paramsBefore.get(p.paramName) ?? p),
  };
}

/** Saves the report (add or editAll); true when the server accepted it (编辑成功 / 添加成功 shown). */
export async function saveDesign(
  head: ReportHeadRow | null,
  values: ReportHeadValues,
  fields: ReportField[],
  params: ReportParam[],
): Promise<boolean> {
  const body = {
    head: {
      ...(head ? { id: head.id } : {}),
      code: values.code,
      name: values.name,
      cgrSql: values.cgrSql,
      chartType: values.chartType || null,
      chartX: values.chartType ? values.chartX : null,
      chartY: values.chartType ? (values.chartY ?? []).join(',') : null,
    },
    items: fields.map((f, i) => ({ ...f, orderNum: i + 1 })),
    params: params.map((p, i) => ({ ...p, orderNum: i + 1 })),
  };
  const done = await attempt(() =>
    head ? request.put('/online/cgreport/head/editAll', body) : request.post('/online/cgreport/head/add', body),
  );
  if (!done) return false;
  feedback().message.success(head ? '编辑成功' : '添加成功');
  return true;
}
