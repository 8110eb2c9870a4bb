import { MAX_STEP_DIGITS, patternProblem } from '../entity/check-rules';

/**
 * 编码校验规则 steps as the screen edits them. Each step takes a number of characters ("1".."9999"),
 * the rest of the value ("rest") or the whole value ("*", JeecgBoot's 全局规则), and says what they
 * must be: a kind of character, a given set, or a regular expression (run by the linear-time engine). The pattern of
 * every non-regex step is derived here, so sys_check_rule.rule_json stays what checkByCode runs.
 */
export type StepKind = 'digits' | 'letters' | 'upper' | 'lower' | 'chinese' | 'set' | 'regex';

export interface CheckStep {
  digits: string;
  kind: StepKind;
  chars?: string;
  pattern: string;
  message: string;
}

const KIND_CLASS: Record<Exclude<StepKind, 'set' | 'regex'>, string> = {
  digits: '[0-9]',
  letters: '[A-Za-z]',
  upper: '[A-Z]',
  lower: '[a-z]',
  chinese: '[\\u4e00-\\u9fa5]',
};
const KINDS: readonly StepKind[] = ['digits', 'letters', 'upper', 'lower', 'chinese', 'set', 'regex'];
const MAX_STEPS = 20;
const MAX_SET = 100;
const MAX_MESSAGE = 100;

/** The characters of a set as a character class: every character escaped that means something there. */
function setClass(chars: string): string {
  return `[${[...new Set(chars)].map((c) => (/[\\\][^-]/.test(c) ? `\\${c}` : c)).join('')}]`;
}

function quantifier(digits: string): string {
  return digits === '*' || digits === 'rest' ? '+' : `{${digits}}`;
}

/** Parses, checks and completes the steps; throws a plain Chinese message. Returns the JSON to store. */
export function normalizeCheckSteps(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('校验规则格式不正确');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('请至少添加一条校验规则');
  if (parsed.length > MAX_STEPS) throw new Error(`校验规则不能超过${MAX_STEPS}条`);
  const steps = parsed.map((item: unknown, i): CheckStep => {
    const n = `第${i + 1}条规则`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new Error(`${n}格式不正确`);
    const r = item as Record<string, unknown>;
    const digits = String(r.digits ?? '').trim();
    if (digits !== '*' && digits !== 'rest' && !/^[1-9]\d{0,3}$/.test(digits)) throw new Error(`${n}：位数请输入零以上的正整数`);
    if (Number(digits) > MAX_STEP_DIGITS) throw new Error(`${n}：位数不能超过${MAX_STEP_DIGITS}`);
    const kind = (r.kind ?? 'regex') as StepKind;
    if (!KINDS.includes(kind)) throw new Error(`${n}：不支持的规则类型`);
    const message = typeof r.message === 'string' ? r.message.trim() : '';
    if (!message) throw new Error(`${n}：提示文本不能为空`);
    if (message.length > MAX_MESSAGE) throw new Error(`${n}：提示文本不能超过${MAX_MESSAGE}个字符`);
    if (kind === 'regex') {
      const pattern = typeof r.pattern === 'string' ? r.pattern : '';
      const reason = patternProblem(pattern);
      if (reason) throw new Error(`${n}：${reason}`);
      return { digits, kind, pattern, message };
    }
    if (kind === 'set') {
      const chars = typeof r.chars === 'string' ? r.chars : '';
      if (!chars) throw new Error(`${n}：请填写允许的字符`);
      if (chars.length > MAX_SET) throw new Error(`${n}：允许的字符不能超过${MAX_SET}个`);
      return { digits, kind, chars, pattern: `${setClass(chars)}${quantifier(digits)}`, message };
    }
    return { digits, kind, pattern: `${KIND_CLASS[kind]}${quantifier(digits)}`, message };
  });
  if (steps.filter((s) => s.digits === 'rest').length > 1) throw new Error('“剩余全部”只能有一条');
  const json2 = JSON.stringify(steps);
  if (json2.length > 8000) throw new Error('校验规则过长');
  return json2;
}
