import { parseExpression, type Node } from '../expression/parse';
import { SCOPE_NAMES } from '../expression';
import type { SchemaIssue } from './validate';

/** Formily compiles a string that is wholly `{{ … }}`; the text inside goes to the safe evaluator. */
const EXPRESSION = /^\s*\{\{([\s\S]*)\}\}\s*$/;
const KNOWN = new Set<string>(SCOPE_NAMES);

function freeNames(node: Node, out: Set<string>): void {
  switch (node.kind) {
    case 'ident':
      out.add(node.name);
      return;
    case 'member':
      freeNames(node.object, out);
      if (node.computed) freeNames(node.property, out);
      return;
    case 'call':
      freeNames(node.callee, out);
      node.args.forEach((a) => freeNames(a, out));
      return;
    case 'unary':
      freeNames(node.arg, out);
      return;
    case 'binary':
    case 'logical':
      freeNames(node.left, out);
      freeNames(node.right, out);
      return;
    case 'conditional':
      [node.test, node.then, node.otherwise].forEach((n) => freeNames(n, out));
      return;
    case 'array':
      node.items.forEach((n) => freeNames(n, out));
      return;
    case 'object':
      node.entries.forEach((e) => freeNames(e.value, out));
      return;
    case 'literal':
      return;
  }
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Expressions the safe evaluator would refuse at run time: syntax it does not have, or names outside
 * its scope (there are no globals such as String or window).
 */
export function expressionIssues(document: unknown, pointer = ''): SchemaIssue[] {
  if (typeof document === 'string') {
    const match = EXPRESSION.exec(document);
    if (!match) return [];
    try {
      const names = new Set<string>();
      freeNames(parseExpression(match[1]), names);
      const unknown = [...names].filter((n) => !KNOWN.has(n));
      return unknown.length
        ? [{ pointer: pointer || '/', message: `expression uses ${unknown.join(', ')}; it can use only ${SCOPE_NAMES.join(', ')}` }]
        : [];
    } catch (error) {
      return [{ pointer: pointer || '/', message: `expression cannot be parsed: ${(error as Error).message}` }];
    }
  }
  if (Array.isArray(document)) return document.flatMap((item, i) => expressionIssues(item, `${pointer}/${i}`));
  if (document && typeof document === 'object') {
    return Object.entries(document).flatMap(([key, value]) => expressionIssues(value, `${pointer}/${escapePointer(key)}`));
  }
  return [];
}
