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
export function parseExpression(source: string): Node {
  const tokens = tokenize(source);
  let index = 0;
  const peek = (): Token => tokens[index];
  const next = (): Token => tokens[index++];
  const isPunct = (value: string): boolean => peek().type === 'punct' && peek().value === value;
  const expect = (value: string): void => {
    const token = next();
    if (token.type !== 'punct' || token.value !== value) {
      throw new ExpressionSyntaxError(`expected "${value}" but found "${token.value || 'end'}"`, token.pos);
    }
  };

  function parseConditional(): Node {
    const test = parseBinary(0);
    if (!isPunct('?')) return test;
    next();
    const then = parseConditional();
    expect(':');
    const otherwise = parseConditional();
    return { kind: 'conditional', test, then, otherwise };
  }

  function parseBinary(minPrecedence: number): Node {
    let left = parseUnary();
    for (;;) {
      const token = peek();
      const precedence = token.type === 'punct' ? BINARY_PRECEDENCE[token.value] : undefined;
      if (precedence === undefined || precedence <= minPrecedence) return left;
      next();
      const right = parseBinary(precedence);
      left = LOGICAL.has(token.value)
        ? { kind: 'logical', op: token.value, left, right }
        : { kind: 'binary', op: token.value, left, right };
    }
  }

  function parseUnary(): Node {
    if (isPunct('!') || isPunct('-') || isPunct('+')) {
      const op = next().value;
      return { kind: 'unary', op, arg: parseUnary() };
    }
    return parsePostfix(parsePrimary());
  }

  function parsePostfix(start: Node): Node {
    let node = start;
    for (;;) {
      if (isPunct('.') || isPunct('?.')) {
        const optional = next().value === '?.';
        if (optional && isPunct('(')) {
          next();
          node = { kind: 'call', callee: node, args: parseArgs(), optional };
          continue;
        }
        if (optional && isPunct('[')) {
          next();
          const property = parseConditional();
          expect(']');
          node = { kind: 'member', object: node, property, computed: true, optional };
          continue;
        }
        const name = next();
        if (name.type !== 'name') throw new ExpressionSyntaxError('expected a property name', name.pos);
        node = { kind: 'member', object: node, property: { kind: 'literal', value: name.value }, computed: false, optional };
      } else if (isPunct('[')) {
        next();
        const property = parseConditional();
        expect(']');
        node = { kind: 'member', object: node, property, computed: true, optional: false };
      } else if (isPunct('(')) {
        next();
        node = { kind: 'call', callee: node, args: parseArgs(), optional: false };
      } else {
        return node;
      }
    }
  }

  function parseArgs(): Node[] {
    const args: Node[] = [];
    while (!isPunct(')')) {
      args.push(parseConditional());
      if (!isPunct(')')) expect(',');
    }
    next();
    return args;
  }

  function parsePrimary(): Node {
    const token = next();
    if (token.type === 'num') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'str') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      if (token.value in KEYWORD_LITERALS) return { kind: 'literal', value: KEYWORD_LITERALS[token.value] };
      return { kind: 'ident', name: token.value };
    }
    if (token.type === 'punct' && token.value === '(') {
      const inner = parseConditional();
      expect(')');
      return inner;
    }
    if (token.type === 'punct' && token.value === '[') {
      const items: Node[] = [];
      while (!isPunct(']')) {
        items.push(parseConditional());
        if (!isPunct(']')) expect(',');
      }
      next();
      return { kind: 'array', items };
    }
    if (token.type === 'punct' && token.value === '{') {
      const entries: Array<{ key: string; value: Node }> = [];
      while (!isPunct('}')) {
        const key = next();
        if (key.type !== 'name' && key.type !== 'str' && key.type !== 'num') {
          throw new ExpressionSyntaxError('expected an object key', key.pos);
        }
        if (isPunct(':')) {
          next();
          entries.push({ key: key.value, value: parseConditional() });
        } else if (key.type === 'name') {
          entries.push({ key: key.value, value: { kind: 'ident', name: key.value } });
        } else {
          throw new ExpressionSyntaxError('expected ":"', key.pos);
        }
        if (!isPunct('}')) expect(',');
      }
      next();
      return { kind: 'object', entries };
    }
    throw new ExpressionSyntaxError(`unexpected "${token.value || 'end'}"`, token.pos);
  }

  const tree = parseConditional();
  if (peek().type !== 'eof') throw new ExpressionSyntaxError(`unexpected "${peek().value}"`, peek().pos);
  return tree;
}
