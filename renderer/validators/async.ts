import type { RendererHttp } from '../context';

export interface DuplicateCheckOptions {
  tableName: string;
  fieldName: string;
  dataId?: string;
}

export const blank = (value: unknown): boolean => value === undefined || value === null || value === '';

/** GET /sys/duplicate/check; an empty value passes; a failed check yields the server message. */
export async function checkDuplicate(http: RendererHttp, value: unknown, options: DuplicateCheckOptions): Promise<string> {
  if (blank(value)) return '';
  try {
    const res = await http.get('/sys/duplicate/check', {
      tableName: options.tableName,
      fieldName: options.fieldName,
      fieldVal: value,
      dataId: options.dataId,
    });
    return res.success ? '' : res.message || '该值不可用，系统中已存在！';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** GET /sys/checkRule/checkByCode; an empty code or value passes. */
export async function checkRuleCode(http: RendererHttp, value: unknown, ruleCode: string | undefined): Promise<string> {
  if (blank(value) || !ruleCode) return '';
  try {
    const res = await http.get('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(String(value)) });
    return res.success ? '' : res.message;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
