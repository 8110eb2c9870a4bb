/**
 * Menu `meta.url` templates: every `{{ expression }}` is replaced by the value the
 * expression reads from a whitelisted scope. The grammar is deliberately tiny —
 * string/number literals, identifiers, `.name` and `['name']` member access, and `+`
 * concatenation — and only own properties of plain scope objects are reachable,
 * so nothing can reach globals, prototypes or constructors. Never eval.
 */

export type TemplateScope = { readonly [key: string]: TemplateValue };
export type TemplateValue = string | number | boolean | null | undefined | TemplateScope;

const FORBIDDEN = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__lookupGetter__']);

export class TemplateError extends Error {}

type Token = { kind: 'ident' | 'string' | 'number' | 'punct'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      let j = i + 1;
      while (j < source.length && /[\w$]/.test(source[j])) j++;
      tokens.push({ kind: 'ident', text: source.slice(i, j) });
      i = j;
    } else if (/[0-9]/.test(ch)) {
      let j = i + 1;
      while (j < source.length && /[0-9.]/.test(source[j])) j++;
      tokens.push({ kind: 'number', text: source.slice(i, j) });
      i = j;
    } else if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) throw new TemplateError('unterminated string');
      const body = source.slice(i + 1, end);
      if (body.includes('\\')) throw new TemplateError('escapes are not supported');
      tokens.push({ kind: 'string', text: body });
      i = end + 1;
    } else if ('.[]+'.includes(ch)) {
      tokens.push({ kind: 'punct', text: ch });
      i++;
    } else {
      throw new TemplateError(`unexpected character "${ch}"`);
    }
  }
  return tokens;
}

function isScope(value: TemplateValue): value is TemplateScope {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function read(target: TemplateValue, key: string): TemplateValue {
  if (FORBIDDEN.has(key)) throw new TemplateError(`"${key}" is not readable`);
  if (!isScope(target)) throw new TemplateError(`cannot read "${key}"`);
  if (!Object.prototype.hasOwnProperty.call(target, key)) throw new TemplateError(`"${key}" is not in scope`);
  return target[key];
}

export function evaluateExpression(source: string, scope: TemplateScope): TemplateValue {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos];
  const expect = (text: string) => {
    if (peek()?.text !== text) throw new TemplateError(`expected "${text}"`);
    pos++;
  };
  const term = (): TemplateValue => {
    const token = tokens[pos++];
    if (!token) throw new TemplateError('unexpected end');
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind !== 'ident') throw new TemplateError(`unexpected "${token.text}"`);
    let value = read(scope, token.text);
    for (;;) {
      if (peek()?.text === '.') {
        pos++;
        const name = tokens[pos++];
        if (name?.kind !== 'ident') throw new TemplateError('expected a property name');
        value = read(value, name.text);
      } else if (peek()?.text === '[') {
        pos++;
        const key = tokens[pos++];
        if (key?.kind !== 'string' && key?.kind !== 'number') throw new TemplateError('expected a literal key');
        expect(']');
        value = read(value, key.text);
      } else {
        return value;
      }
    }
  };
  let result = term();
  while (peek()?.text === '+') {
    pos++;
    const right = term();
    result = String(result ?? '') + String(right ?? '');
  }
  if (pos !== tokens.length) throw new TemplateError(`unexpected "${peek()?.text}"`);
  if (isScope(result)) throw new TemplateError('an expression must yield a value');
  return result;
}

/**
 * Replace every `{{ … }}`; the result is kept only when it is an http(s) URL,
 * otherwise (or on any evaluation error) the raw url stays — as the reference does.
 */
export function renderUrlTemplate(url: string, scope: TemplateScope): string {
  if (!url.includes('{{')) return url;
  try {
    const rendered = url.replace(/\{\{([\s\S]*?)\}\}/g, (_, expression: string) => String(evaluateExpression(expression, scope) ?? ''));
    return /^https?:\/\//.test(rendered) ? rendered : url;
  } catch {
    return url;
  }
}

/** `${token}` and `${tenantId}` placeholders of layouts/IframePageView. */
export function substitutePlaceholders(url: string, token: string | undefined, tenantId: string | undefined): string {
  return url
    .split('${token}')
    .join(token ?? '')
    .split('${tenantId}')
    .join(tenantId ?? '0');
}
