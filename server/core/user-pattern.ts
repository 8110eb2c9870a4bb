import { RE2JS } from 're2js';

/**
 * Regular expressions that users and administrators write (check rules, online-form and entity
 * patterns), written in JavaScript syntax and run by re2js, a linear-time engine: the time of a
 * match grows with the value's length times the pattern's compiled size, never exponentially.
 * A pattern the engine cannot express is refused with the reason, never run by RegExp.
 */
export interface UserPattern {
  source: string;
  /** set on a stored pattern that cannot be used: the reason, to answer instead of running it */
  problem?: string;
  /** true when the pattern matches somewhere in the value (RegExp.test) */
  test(value: string): boolean;
  /** true when the pattern matches the whole value */
  testWhole(value: string): boolean;
}

export class UserPatternError extends Error {}

export const MAX_USER_PATTERN_LENGTH = 500;
/** Compiled instructions: bounds the work per character (a 10,000-character value stays well under 100 ms). */
export const MAX_PROGRAM_SIZE = 1000;

/** What in the JavaScript syntax has no linear-time meaning, or null. Character classes and escapes are skipped. */
function unsupportedFeature(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<')))
        return '正则表达式不能使用反向引用（线性时间引擎不支持）';
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && /^\(\?(?:=|!|<=|<!)/.test(source.slice(i, i + 4))) {
      return '正则表达式不能使用前瞻或后顾断言（线性时间引擎不支持）';
    }
  }
  return null;
}

function engineReason(message: string): string {
  if (message.includes('invalid repeat count')) return '正则表达式的重复次数不能超过1000';
  if (message.includes('expression too large')) return '正则表达式过于复杂，请减少重复次数';
  const detail = /: `([^`]*)`/.exec(message)?.[1];
  return `正则表达式含有线性时间引擎不支持的写法${detail ? `：${detail.slice(0, 40)}` : ''}`;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

const compiledCache = new Map<string, UserPattern | UserPatternError>();
const CACHE_SIZE = 256;

/**
 * Compiles a user's pattern (flags: any of i, m, s) or throws UserPatternError with a plain Chinese reason.
 * Results are kept (a few hundred, oldest dropped first): a rule checked as the user types compiles once.
 */
export function compileUserPattern(source: string, flags = '', maxLength = MAX_USER_PATTERN_LENGTH): UserPattern {
  const key = `${maxLength}/${flags}/${source}`;
  let entry = compiledCache.get(key);
  if (!entry) {
    try {
      entry = compileNew(source, flags, maxLength);
    } catch (err) {
      if (!(err instanceof UserPatternError)) throw err;
      entry = err;
    }
    if (compiledCache.size >= CACHE_SIZE) compiledCache.delete(compiledCache.keys().next().value!);
    compiledCache.set(key, entry);
  }
  if (entry instanceof UserPatternError) throw entry;
  return entry;
}

function compileNew(source: string, flags: string, maxLength: number): UserPattern {
  if (source.length === 0) throw new UserPatternError('正则表达式不能为空');
  if (source.length > maxLength) throw new UserPatternError(`正则表达式不能超过${maxLength}个字符`);
  try {
    // only compiled to check the JavaScript syntax the pattern was written in; never run
    new RegExp(source, flags);
  } catch {
    throw new UserPatternError('请输入正确的正则表达式');
  }
  const unsupported = unsupportedFeature(source);
  if (unsupported) throw new UserPatternError(unsupported);
  let compiled: RE2JS;
  try {
    const bits = [...flags].reduce((sum, f) => sum | (FLAG_BITS[f] ?? 0), 0);
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (err) {
    throw new UserPatternError(engineReason(err instanceof Error ? err.message : ''));
  }
  if (compiled.programSize() > MAX_PROGRAM_SIZE) throw new UserPatternError('正则表达式过于复杂，请减少重复次数');
  // the matcher's whole-value check builds no DFA states, which a long value would make by the hundred
  return { source, test: (value) => compiled.test(value), testWhole: (value) => compiled.matcher(value).matches() };
}

/** A stored pattern that cannot be used: it matches nothing, and callers answer its `problem`. */
export function refusedPattern(source: string, problem: string): UserPattern {
  return { source, problem, test: () => false, testWhole: () => false };
}

/** Why a pattern cannot be used, or null when it compiles. */
export function userPatternProblem(source: string, maxLength = MAX_USER_PATTERN_LENGTH): string | null {
  try {
    compileUserPattern(source, '', maxLength);
    return null;
  } catch (err) {
    if (err instanceof UserPatternError) return err.message;
    throw err;
  }
}
