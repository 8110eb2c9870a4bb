import { RE2JS } from 're2js';

/**
 * Patterns written by users and administrators (online-form and entity patterns, grid column rules),
 * run by re2js in linear time: the same engine and the same refusals as the server's
 * server/core/user-pattern.ts. Import it lazily (`import('./user-pattern')`): the engine is large.
 */
export interface UserPattern {
  source: string;
  test(value: string): boolean;
}

export class UserPatternError extends Error {}

const MAX_LENGTH = 500;
const MAX_PROGRAM_SIZE = 1000;
const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

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

/** Compiles a pattern (its source, or a `/source/flags` literal; flags i, m, s) or throws UserPatternError with the reason. */
export function compileUserPattern(written: string): UserPattern {
  const literal = /^\/(.+)\/([gimsuy]*)$/s.exec(written);
  const source = literal ? literal[1] : written;
  const flags = literal ? literal[2].replace(/[gyu]/g, '') : '';
  if (source.length === 0) throw new UserPatternError('正则表达式不能为空');
  if (source.length > MAX_LENGTH) throw new UserPatternError(`正则表达式不能超过${MAX_LENGTH}个字符`);
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
  return { source: written, test: (value) => compiled.test(value) };
}

const cache = new Map<string, UserPattern | UserPatternError>();
const CACHE_SIZE = 50;

/**
 * The message for a value that fails the pattern: '' when it matches, `message` when it does not,
 * and the reason when the pattern cannot be used. Compiled patterns are kept (a form checks as you type).
 */
export function checkUserPattern(written: string, value: string, message: string): string {
  let entry = cache.get(written);
  if (!entry) {
    try {
      entry = compileUserPattern(written);
    } catch (err) {
      if (!(err instanceof UserPatternError)) throw err;
      entry = err;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(written, entry);
  }
  if (entry instanceof UserPatternError) return `校验规则无法使用：${entry.message}`;
  return entry.test(value) ? '' : message;
}
