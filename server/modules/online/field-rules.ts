/**
 * The designer's field rules (校验规则, 唯一, 必填, a number's range in 扩展参数) as the rules of an entity column, so
 * that an online form's fields are checked and shown by the entity engine and the page derivation, with the same
 * messages. The designer refuses here what the runtime could not turn into a column rule.
 */
import { userPatternProblem } from '../../core/user-pattern';
import type { FieldType } from '../entity/list-query';

/** The field row's part these rules read (a stored row or a row the designer is about to save). */
export interface RuleSource {
  db_field_name: string;
  db_field_txt: string | null;
  field_valid_type: string | null;
  field_extend_json: string | null;
  is_unique: number;
}

/** Field-valid-type presets of the designer (JeecgBoot's names) → pattern and message. */
const PATTERN_PRESETS: Record<string, { pattern: string; message: string }> = {
  'n6-16': { pattern: '^\\d{6,16}$', message: '请输入6-16位数字' },
  '*6-16': { pattern: '^.{6,16}$', message: '请输入6-16位任意字符' },
  's6-18': { pattern: '^[a-zA-Z]{6,18}$', message: '请输入6-18位字母' },
  url: { pattern: '^https?://\\S+$', message: '请输入正确的网址' },
  e: { pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$', message: '请输入正确的电子邮件' },
  m: { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
  p: { pattern: '^[0-9]{6}$', message: '请输入正确的邮政编码' },
  s: { pattern: '^[A-Za-z]+$', message: '请输入字母' },
  n: { pattern: '^-?\\d+(\\.\\d+)?$', message: '请输入数字' },
  z: { pattern: '^-?\\d+$', message: '请输入整数' },
  money: { pattern: '^(([1-9][0-9]*)|([0]\\.\\d{0,2}|[1-9][0-9]*\\.\\d{0,2}))$', message: '请输入正确的金额' },
};

/** '唯一' and '非空' are flags, not patterns: 唯一 makes the column unique, 非空 says what 必填 says. */
const FLAG_TYPES = ['only', '*'];

/** Preset validation names a field may use instead of a regular expression. */
export const VALID_PRESETS: readonly string[] = [...FLAG_TYPES, ...Object.keys(PATTERN_PRESETS)];

const validType = (f: RuleSource) => (f.field_valid_type ?? '').trim();
const labelOf = (f: RuleSource) => f.db_field_txt || f.db_field_name;

/** 唯一: the designer's flag or the 'only' valid type. */
export function isUnique(f: RuleSource): boolean {
  return f.is_unique === 1 || validType(f) === 'only';
}

/** The written pattern of the field (a preset's or the designer's own), or none. */
function writtenPattern(f: RuleSource): { pattern: string; patternMessage?: string } | undefined {
  const v = validType(f);
  if (!v || FLAG_TYPES.includes(v)) return undefined;
  const preset = PATTERN_PRESETS[v];
  return preset ? { pattern: preset.pattern, patternMessage: `${labelOf(f)}：${preset.message}` } : { pattern: v };
}

/** The column's pattern rule when the linear-time engine runs it; text columns only, as for entity columns. */
export function patternOf(f: RuleSource, type: FieldType): { pattern?: string; patternMessage?: string } {
  const written = type === 'string' || type === 'text' ? writtenPattern(f) : undefined;
  return written && !userPatternProblem(written.pattern) ? written : {};
}

/** A stored pattern the engine refuses (saved before it checked them), to answer its reason: its source, or none. */
export function refusedPatternOf(f: RuleSource, type: FieldType): { source: string; problem: string } | undefined {
  const written = type === 'string' || type === 'text' ? writtenPattern(f) : undefined;
  const problem = written && userPatternProblem(written.pattern);
  return written && problem ? { source: written.pattern, problem } : undefined;
}

const isNumeric = (type: FieldType) => type === 'int' || type === 'bigint' || type === 'decimal';

function parseExtendJson(text: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Why the range a field's 扩展参数 states ({"min": 0, "max": 100}) cannot be a column rule, or null. */
export function rangeProblem(name: string, extendJson: string | null, type: FieldType): string | null {
  const { min, max } = parseExtendJson(extendJson);
  if (min === undefined && max === undefined) return null;
  const field = `字段“${name}”`;
  if (!isNumeric(type)) return `${field}的扩展参数 min、max 只能用于数值字段`;
  const bounds = [min, max].filter((b) => b !== undefined);
  if (bounds.some((b) => typeof b !== 'number' || !Number.isFinite(b))) return `${field}的扩展参数 min、max 必须是数字`;
  if (typeof min === 'number' && typeof max === 'number' && min > max) return `${field}的扩展参数 min 大于 max`;
  return null;
}

/** The range of a numeric column from its 扩展参数 (min, max), as an entity column states it. */
export function rangeOf(f: RuleSource, type: FieldType): { min?: number; max?: number } {
  if (rangeProblem(f.db_field_name, f.field_extend_json, type)) return {};
  const { min, max } = parseExtendJson(f.field_extend_json);
  return { ...(typeof min === 'number' ? { min } : {}), ...(typeof max === 'number' ? { max } : {}) };
}

/** The engine's type of a designer db_type. */
export function fieldTypeOf(dbType: string): FieldType {
  switch (dbType) {
    case 'int':
    case 'Integer':
      return 'int';
    case 'double':
    case 'Double':
    case 'BigDecimal':
      return 'decimal';
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'datetime';
    case 'Text':
    case 'Blob':
      return 'text';
    default:
      return 'string';
  }
}
