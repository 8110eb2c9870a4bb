import { ExpressionSyntaxError, tokenize, type Token } from './tokenize';

export type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; object: Node; property: Node; computed: boolean; optional: boolean }
  | { kind: 'call'; callee: Node; args: Node[]; optional: boolean }
  | { kind: 'unary'; op: string; arg: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'logical'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; otherwise: Node }
  | { kind: 'array'; items: Node[] }
  | { kind: 'object'; entries: Array<{ key: string; value: Node }> };

const BINARY_PRECEDENCE: Record<string, number> = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '==': 4,
  '!=': 4,
  '===': 4,
  '!==': 4,
  '<': 5,
  '>': 5,
  '<=': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};
const LOGICAL = new Set(['??', '||', '&&']);
const KEYWORD_LITERALS: Record<string, unknown> = { true: true, false: false, null: null, undefined };

/** Recursive-descent / precedence-climbing parser for the expression subset. */
class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.index];
  }

  next(): Token {
    return this.tokens[this.index++];
  }

  isPunct(value: string): boolean {
    return this.peek().type === 'punct' && this.peek().value === value;
  }

  expect(value: string): void {
    const token = this.next();
    if (token.type !== 'punct' || token.value !== value) {
      throw new ExpressionSyntaxError(`expected "${value}" but found "${token.value || 'end'}"`, token.pos);
    }
  }

  parseConditional(): Node {
    const test = this.parseBinary(0);
    if (!this.isPunct('?')) return test;
    this.next();
    const then = this.parseConditional();
    this.expect(':');
    const otherwise = this.parseConditional();
    return { kind: 'conditional', test, then, otherwise };
  }

  parseBinary(minPrecedence: number): Node {
    let left = this.parseUnary();
    for (;;) {
      const token = this.peek();
      const precedence = token.type === 'punct' ? BINARY_PRECEDENCE[token.value] : undefined;
      if (precedence === undefined || precedence <= minPrecedence) return left;
      this.next();
      const right = this.parseBinary(precedence);
      left = LOGICAL.has(token.value)
        ? { kind: 'logical', op: token.value, left, right }
        : { kind: 'binary', op: token.value, left, right };
    }
  }

  parseUnary(): Node {
    if (this.isPunct('!') || this.isPunct('-') || this.isPunct('+')) {
      const op = this.next().value;
      return { kind: 'unary', op, arg: this.parseUnary() };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  parsePostfix(start: Node): Node {
    let node = start;
    for (;;) {
      if (this.isPunct('.') || this.isPunct('?.')) {
        const optional = this.next().value === '?.';
        if (optional && this.isPunct('(')) {
          this.next();
          node = { kind: 'call', callee: node, args: this.parseArgs(), optional };
          continue;
        }
        if (optional && this.isPunct('[')) {
          this.next();
          const property = this.parseConditional();
          this.expect(']');
          node = { kind: 'member', object: node, property, computed: true, optional };
          continue;
        }
        const name = this.next();
        if (name.type !== 'name') throw new ExpressionSyntaxError('expected a property name', name.pos);
        node = { kind: 'member', object: node, property: { kind: 'literal', value: name.value }, computed: false, optional };
      } else if (this.isPunct('[')) {
        this.next();
        const property = this.parseConditional();
        this.expect(']');
        node = { kind: 'member', object: node, property, computed: true, optional: false };
      } else if (this.isPunct('(')) {
        this.next();
        node = { kind: 'call', callee: node, args: this.parseArgs(), optional: false };
      } else {
        return node;
      }
    }
  }

  parseArgs(): Node[] {
    const args: Node[] = [];
    while (!this.isPunct(')')) {
      args.push(this.parseConditional());
      if (!this.isPunct(')')) this.expect(',');
    }
    this.next();
    return args;
  }

  parsePrimary(): Node {
    const token = this.next();
    if (token.type === 'num') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'str') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      if (token.value in KEYWORD_LITERALS) return { kind: 'literal', value: KEYWORD_LITERALS[token.value] };
      return { kind: 'ident', name: token.value };
    }
    if (token.type === 'punct' && token.value === '(') {
      const inner = this.parseConditional();
      this.expect(')');
      return inner;
    }
    if (token.type === 'punct' && token.value === '[') {
      const items: Node[] = [];
      while (!this.isPunct(']')) {
        items.push(this.parseConditional());
        if (!this.isPunct(']')) this.expect(',');
      }
      this.next();
      return { kind: 'array', items };
    }
    if (token.type === 'punct' && token.value === '{') {
      const entries: Array<{ key: string; value: Node }> = [];
      while (!this.isPunct('}')) {
        const key = this.next();
        if (key.type !== 'name' && key.type !== 'str' && key.type !== 'num') {
          throw new ExpressionSyntaxError('expected an object key', key.pos);
        }
        if (this.isPunct(':')) {
          this.next();
          entries.push({ key: key.value, value: this.parseConditional() });
        } else if (key.type === 'name') {
          entries.push({ key: key.value, value: { kind: 'ident', name: key.value } });
        } else {
          throw new ExpressionSyntaxError('expected ":"', key.pos);
        }
        if (!this.isPunct('}')) this.expect(',');
      }
      this.next();
      return { kind: 'object', entries };
    }
    throw new ExpressionSyntaxError(`unexpected "${token.value || 'end'}"`, token.pos);
  }
}

/** Parses one expression of the subset; anything after it is a syntax error. */
export function parseExpression(source: string): Node {
  const parser = new Parser(tokenize(source));
  const tree = parser.parseConditional();
  if (parser.peek().type !== 'eof') throw new ExpressionSyntaxError(`unexpected "${parser.peek().value}"`, parser.peek().pos);
  return tree;
}
