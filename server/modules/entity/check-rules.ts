import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, SAFE_CODE, text } from '../../core/schemas';
import { compileUserPattern, UserPatternError, userPatternProblem, type UserPattern } from '../../core/user-pattern';

export const MAX_PATTERN_LENGTH = 200;
/** Rule patterns run in linear time, so a value may be long: the work grows with its length, never worse. */
export const MAX_CHECK_VALUE_LENGTH = 10_000;
const MAX_RULES = 20;
/** A numbered step covers at most this many characters, so that its derived pattern ([0-9]{500}) stays within the engine's size limit. */
export const MAX_STEP_DIGITS = 500;

export interface CheckRulePart {
  digits: string;
  pattern: string;
  message: string;
}

/** Why a rule pattern cannot be used (too long, or not expressible by the linear-time engine), or null. */
export function patternProblem(pattern: string): string | null {
  return userPatternProblem(pattern, MAX_PATTERN_LENGTH);
}

/**
 * The rule JSON of sys_check_rule parsed and checked (call before saving one); throws a plain message.
 * `checkPatterns: false` leaves compiling to checkValue, which refuses a stored pattern the same way.
 */
export function parseRuleJson(json: string, checkPatterns = true): CheckRulePart[] {
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
    if (Number(digits) > MAX_STEP_DIGITS) throw businessError(`位数不能超过${MAX_STEP_DIGITS}`);
    if (typeof r.pattern !== 'string' || typeof r.message !== 'string') throw businessError('校验规则格式不正确');
    const reason = checkPatterns ? patternProblem(r.pattern) : null;
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
  const compiled = new Map<string, UserPattern>();
  const patternOf = (source: string): UserPattern => {
    const known = compiled.get(source);
    if (known) return known;
    try {
      const pattern = compileUserPattern(source, '', MAX_PATTERN_LENGTH);
      compiled.set(source, pattern);
      return pattern;
    } catch (err) {
      throw err instanceof UserPatternError ? businessError(err.message) : err;
    }
  };
  let begin = 0;
  for (const rule of rules) {
    const whole = rule.digits === '*';
    const end = whole || rule.digits === 'rest' ? value.length : Math.min(begin + Number(rule.digits), value.length);
    const part = whole ? value : begin < value.length ? value.slice(begin, end) : '';
    if (!patternOf(rule.pattern).testWhole(part)) {
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
      const failure = checkValue(parseRuleJson(row.rule_json ?? '', false), checked);
      if (failure) return { success: false, message: failure.message, code: 500, result: failure, timestamp: Date.now() };
      return ok(null);
    },
  );
}
