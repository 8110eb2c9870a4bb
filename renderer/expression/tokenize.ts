export type TokenType = 'num' | 'str' | 'name' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  value: string;
  pos: number;
}

export class ExpressionSyntaxError extends Error {
  constructor(message: string, pos: number) {
    super(`${message} (at ${pos})`);
    this.name = 'ExpressionSyntaxError';
  }
}

/** Longest first, so `===` wins over `==` and `=`. */
const PUNCTUATORS = [
  '===',
  '!==',
  '?.',
  '??',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
];

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
      if (!m) throw new ExpressionSyntaxError('bad number', i);
      tokens.push({ type: 'num', value: m[0], pos: start });
      i += m[0].length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let out = '';
      i++;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\') {
          const next = source[i + 1];
          out += ESCAPES[next] ?? next;
          i += 2;
        } else {
          out += source[i++];
        }
      }
      if (source[i] !== ch) throw new ExpressionSyntaxError('unterminated string', start);
      i++;
      tokens.push({ type: 'str', value: out, pos: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
      tokens.push({ type: 'name', value: m![0], pos: start });
      i += m![0].length;
      continue;
    }
    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i));
    if (!punct) throw new ExpressionSyntaxError(`unexpected character "${ch}"`, i);
    // `a?.5:1` is a ternary, not optional chaining.
    if (punct === '?.' && /[0-9]/.test(source[i + 2] ?? '')) {
      tokens.push({ type: 'punct', value: '?', pos: start });
      i += 1;
      continue;
    }
    tokens.push({ type: 'punct', value: punct, pos: start });
    i += punct.length;
  }
  tokens.push({ type: 'eof', value: '', pos: source.length });
  return tokens;
}
