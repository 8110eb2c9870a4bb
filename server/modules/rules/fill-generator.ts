/**
 * A fill rule is declarative: prefix + formatted date + zero-padded sequence, the sequence counted per
 * period (day, month, year or never reset). No class names, no code — only these parameters, stored as
 * JSON in sys_fill_rule.rule_params.
 */
export type ResetCycle = 'day' | 'month' | 'year' | 'never';

export interface FillRuleParams {
  prefix: string;
  dateFormat: string;
  seqLength: number;
  reset: ResetCycle;
  separator: string;
}

const RESETS: readonly ResetCycle[] = ['day', 'month', 'year', 'never'];
const DATE_TOKENS = /yyyy|yy|MM|dd|HH|mm|ss/g;
const DATE_FORMAT = /^(yyyy|yy|MM|dd|HH|mm|ss|[-_/.])*$/;
const SAFE_TEXT = /^[A-Za-z0-9_\-/.\u4e00-\u9fa5]*$/;
export const MAX_SEQ_LENGTH = 12;

function textParam(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`${name}必须是文本`);
  if (value.length > max) throw new Error(`${name}不能超过${max}个字符`);
  if (!SAFE_TEXT.test(value)) throw new Error(`${name}只能包含字母、数字、汉字和 - _ / .`);
  return value;
}

/** Parses and checks rule_params; throws a plain Chinese message. Empty text gives the defaults. */
export function parseFillParams(json: string | null | undefined): FillRuleParams {
  let raw: unknown = {};
  if (json && json.trim()) {
    try {
      raw = JSON.parse(json);
    } catch {
      throw new Error('请输入JSON字符串');
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('只能传递JSON对象，不能传递JSON数组');
  const o = raw as Record<string, unknown>;
  const known = ['prefix', 'dateFormat', 'seqLength', 'reset', 'separator'];
  const extra = Object.keys(o).filter((k) => !known.includes(k));
  if (extra.length > 0) throw new Error(`不支持的规则参数：${extra.join('、')}（可用：${known.join('、')}）`);
  const dateFormat = o.dateFormat === undefined ? '' : o.dateFormat;
  if (typeof dateFormat !== 'string' || dateFormat.length > 20 || !DATE_FORMAT.test(dateFormat)) {
    throw new Error('日期格式只能由 yyyy、yy、MM、dd、HH、mm、ss 和 - _ / . 组成');
  }
  const seqLength = o.seqLength === undefined ? 4 : o.seqLength;
  if (typeof seqLength !== 'number' || !Number.isInteger(seqLength) || seqLength < 1 || seqLength > MAX_SEQ_LENGTH) {
    throw new Error(`流水号位数必须是1到${MAX_SEQ_LENGTH}的整数`);
  }
  const reset = o.reset === undefined ? 'never' : o.reset;
  if (!RESETS.includes(reset as ResetCycle)) throw new Error('重置周期只能是 day、month、year 或 never');
  return {
    prefix: textParam(o.prefix, '前缀', 20),
    dateFormat,
    seqLength,
    reset: reset as ResetCycle,
    separator: textParam(o.separator, '分隔符', 3),
  };
}

export interface DateParts {
  yyyy: string;
  MM: string;
  dd: string;
  HH: string;
  mm: string;
  ss: string;
}

/** The date's parts in the given IANA time zone (default Asia/Shanghai, the office's). */
export function dateParts(date: Date, timeZone = 'Asia/Shanghai'): DateParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { yyyy: get('year'), MM: get('month'), dd: get('day'), HH: get('hour'), mm: get('minute'), ss: get('second') };
}

export function formatDate(format: string, d: DateParts): string {
  return format.replace(DATE_TOKENS, (t) => (t === 'yy' ? d.yyyy.slice(2) : d[t as keyof DateParts]));
}

/** The counter key: one sequence per rule and period. */
export function periodOf(reset: ResetCycle, d: DateParts): string {
  if (reset === 'day') return `${d.yyyy}${d.MM}${d.dd}`;
  if (reset === 'month') return `${d.yyyy}${d.MM}`;
  if (reset === 'year') return d.yyyy;
  return '-';
}

/** prefix + separator + date + separator + zero-padded sequence; a sequence longer than seqLength is kept whole. */
export function composeValue(p: FillRuleParams, d: DateParts, seq: number): string {
  const pieces = [p.prefix, formatDate(p.dateFormat, d), String(seq).padStart(p.seqLength, '0')].filter((s) => s !== '');
  return pieces.join(p.separator);
}
