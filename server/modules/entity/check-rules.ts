import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, SAFE_CODE, text } from '../../core/schemas';

export const MAX_PATTERN_LENGTH = 200;
export const MAX_CHECK_VALUE_LENGTH = 256;
const MAX_UNBOUNDED_QUANTIFIERS = 3;
const MAX_RULES = 20;

export interface CheckRulePart {
  digits: string;
  pattern: string;
  message: string;
}

interface Group {
  quantified: boolean;
  alternation: boolean;
}

/** Length of a quantifier starting at i (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`), 0 when none; unbounded when it can repeat without limit. */
function quantifierAt(p: string, i: number): { length: number; repeats: boolean; unbounded: boolean } {
  const c = p[i];
  if (c === '*' || c === '+') return { length: 1, repeats: true, unbounded: true };
  if (c === '?') return { length: 1, repeats: false, unbounded: false };
  const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
  if (!m) return { length: 0, repeats: false, unbounded: false };
  const unbounded = m[2] !== undefined && m[3] === '';
  const max = m[2] === undefined ? Number(m[1]) : unbounded ? Infinity : Number(m[3]);
  return { length: m[0].length, repeats: max > 1, unbounded };
}

/**
 * Why a pattern may backtrack catastrophically (or cannot be used), or null when it is safe to run:
 * too long, back-references, a repeated group holding a quantifier or an alternation, or too many
 * unbounded quantifiers. Decided without running the pattern.
 */
export function unsafePatternReason(pattern: string): string | null {
  if (pattern.length === 0) return '规则不能为空';
  if (pattern.length > MAX_PATTERN_LENGTH) return `正则表达式不能超过${MAX_PATTERN_LENGTH}个字符`;
  try {
    new RegExp(pattern);
  } catch {
    return '请输入正确的正则表达式';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return '正则表达式不能使用反向引用';
  const stack: Group[] = [{ quantified: false, alternation: false }];
  let unbounded = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    let atomEnd = i;
    if (c === '\\') {
      atomEnd = i + 1;
    } else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      atomEnd = j;
    } else if (c === '(') {
      stack.push({ quantified: false, alternation: false });
      const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z]\w*>)/.exec(pattern.slice(i));
      if (prefix) i += prefix[0].length - 1;
      continue;
    } else if (c === '|') {
      stack[stack.length - 1]!.alternation = true;
      continue;
    }
    const q = quantifierAt(pattern, atomEnd + 1);
    if (c === ')') {
      const group = stack.length > 1 ? stack.pop()! : { quantified: false, alternation: false };
      if (q.repeats && (group.quantified || group.alternation)) return '正则表达式不能嵌套重复（可能导致回溯失控）';
      if (group.quantified || q.length) stack[stack.length - 1]!.quantified = true;
    } else if (q.length) {
      stack[stack.length - 1]!.quantified = true;
    }
    if (q.unbounded && ++unbounded > MAX_UNBOUNDED_QUANTIFIERS) return `正则表达式的无上限重复不能超过${MAX_UNBOUNDED_QUANTIFIERS}处`;
    i = atomEnd + q.length;
    if (q.length && pattern[i + 1] === '?') i++;
  }
  return null;
}

/** The rule JSON of sys_check_rule parsed and checked (call before saving one); throws a plain message. */
export function parseRuleJson(json: string): CheckRulePart[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw businessError('校验规则格式不正确');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_RULES) throw businessError('校验规则格式不正确');
  return parsed.map((item: unknown) => {
    const r = item as Partial<Record<keyof CheckRulePart, unknown>>;
    const digits = String(r?.digits ?? '').trim();
    if (digits !== '*' && digits !== 'rest' && !/^[1-9]\d{0,3}$/.test(digits)) throw businessError('请输入零以上的正整数');
    if (typeof r.pattern !== 'string' || typeof r.message !== 'string') throw businessError('校验规则格式不正确');
    const reason = unsafePatternReason(r.pattern);
    if (reason) throw businessError(reason);
    return { digits, pattern: r.pattern, message: r.message };
  });
}

export interface CheckFailure extends CheckRulePart {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

/** Check rules as JeecgBoot runs them: '*' parts test the whole value, numbered parts test consecutive slices, 'rest' what is left; full matches. */
export function checkValue(rules: readonly CheckRulePart[], value: string): CheckFailure | null {
  let begin = 0;
  for (const rule of rules) {
    const whole = rule.digits === '*';
    const end = whole || rule.digits === 'rest' ? value.length : Math.min(begin + Number(rule.digits), value.length);
    const part = whole ? value : begin < value.length ? value.slice(begin, end) : '';
    if (!new RegExp(`^(?:${rule.pattern})$`).test(part)) {
      return { ...rule, ...(whole ? {} : { beginIndex: begin, endIndex: end }), checkValue: part, passed: false };
    }
    if (!whole) begin = end;
  }
  return null;
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** GET /sys/checkRule/checkByCode?ruleCode&value — empty values pass. */
export function mountCheckRuleRoute(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: { ruleCode?: string; value?: string } }>(
    '/sys/checkRule/checkByCode',
    {
      config: { authenticated: true },
      schema: {
        querystring: objectSchema({
          ruleCode: text('规则编码', 100, { pattern: SAFE_CODE }),
          value: text('校验值', MAX_CHECK_VALUE_LENGTH * 3),
        }),
      },
    },
    async (request) => {
      const { ruleCode, value } = request.query;
      const checked = decodeOnce(value ?? '');
      if (!ruleCode || checked === '') return ok(null);
      if (checked.length > MAX_CHECK_VALUE_LENGTH) throw businessError(`校验值长度不能超过${MAX_CHECK_VALUE_LENGTH}个字符`);
      const res = await sql<{ rule_json: string | null }>`select rule_json from sys_check_rule where rule_code = ${ruleCode}`.execute(db);
      const row = res.rows[0];
      if (!row) throw businessError('该编码不存在');
      const failure = checkValue(parseRuleJson(row.rule_json ?? ''), checked);
      if (failure) return { success: false, message: failure.message, code: 500, result: failure, timestamp: Date.now() };
      return ok(null);
    },
  );
}
