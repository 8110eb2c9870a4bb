import dayjs from 'dayjs';
import type { Node } from './parse';

export class ExpressionAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionAccessError';
  }
}

export type Scope = Record<string, unknown>;

const FORBIDDEN_KEYS = new Set([
  '__proto__',
  'prototype',
  'constructor',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);

const STRING_METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'slice',
  'substring',
  'split',
  'trim',
  'toUpperCase',
  'toLowerCase',
  'padStart',
  'padEnd',
  'replace',
  'charAt',
]);
const ARRAY_METHODS = new Set(['includes', 'indexOf', 'join', 'slice', 'concat', 'at']);
const NUMBER_METHODS = new Set(['toFixed']);
const DAYJS_METHODS = new Set([
  'format',
  'add',
  'subtract',
  'isBefore',
  'isAfter',
  'isSame',
  'startOf',
  'endOf',
  'diff',
  'valueOf',
  'unix',
  'year',
  'month',
  'date',
  'day',
  'hour',
  'minute',
  'second',
  'toISOString',
  'isValid',
]);

/** Functions an expression may call by name. Identity-checked: nothing else is callable. */
const SAFE_FUNCTIONS = new Set<unknown>([dayjs]);

export function isPlainData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function checkKey(key: unknown): string | number {
  if (typeof key === 'number') return key;
  if (typeof key !== 'string') throw new ExpressionAccessError('property keys must be strings or numbers');
  if (FORBIDDEN_KEYS.has(key)) throw new ExpressionAccessError(`access to "${key}" is not allowed`);
  return key;
}

function readMember(object: unknown, rawKey: unknown): unknown {
  const key = checkKey(rawKey);
  if (object === null || object === undefined) throw new ExpressionAccessError(`cannot read "${key}" of ${object}`);
  if (typeof object === 'string') {
    if (key === 'length') return object.length;
    return typeof key === 'number' ? object[key] : undefined;
  }
  if (Array.isArray(object)) {
    if (key === 'length') return object.length;
    const index = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : NaN;
    return Number.isInteger(index) ? object[index] : undefined;
  }
  if (isPlainData(object)) {
    return Object.prototype.hasOwnProperty.call(object, key) ? object[key as string] : undefined;
  }
  // Functions, class instances (DOM nodes, dayjs, Formily models...) expose no properties.
  return undefined;
}

function callMethod(object: unknown, rawKey: unknown, args: unknown[]): unknown {
  const key = checkKey(rawKey);
  if (typeof key !== 'string') throw new ExpressionAccessError('not a function');
  const invoke = (allowed: Set<string>): unknown => {
    if (!allowed.has(key)) throw new ExpressionAccessError(`method "${key}" is not allowed`);
    const method = (object as Record<string, unknown>)[key];
    if (typeof method !== 'function') throw new ExpressionAccessError(`"${key}" is not a function`);
    return Reflect.apply(method as (...a: unknown[]) => unknown, object, args);
  };
  if (typeof object === 'string') return invoke(STRING_METHODS);
  if (typeof object === 'number') return invoke(NUMBER_METHODS);
  if (Array.isArray(object)) return invoke(ARRAY_METHODS);
  if (dayjs.isDayjs(object)) return invoke(DAYJS_METHODS);
  const fn = readMember(object, key);
  return callFunction(fn, args, key);
}

function callFunction(fn: unknown, args: unknown[], name: string): unknown {
  if (typeof fn !== 'function' || !SAFE_FUNCTIONS.has(fn)) {
    throw new ExpressionAccessError(`"${name}" cannot be called`);
  }
  for (const arg of args) {
    if (typeof arg === 'function') throw new ExpressionAccessError('functions cannot be passed as arguments');
  }
  return Reflect.apply(fn as (...a: unknown[]) => unknown, undefined, args);
}

function binary(op: string, a: unknown, b: unknown): unknown {
  // Operands are data; arithmetic on objects would call their valueOf/toString, so refuse it.
  const x = a as number;
  const y = b as number;
  switch (op) {
    case '==':
      return a == b; // eslint-disable-line eqeqeq
    case '!=':
      return a != b; // eslint-disable-line eqeqeq
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    case '>=':
      return x >= y;
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    case '%':
      return x % y;
    default:
      throw new ExpressionAccessError(`unknown operator ${op}`);
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

export function evaluate(node: Node, scope: Scope): unknown {
  const run = (n: Node): unknown => evaluate(n, scope);
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'ident':
      if (!Object.prototype.hasOwnProperty.call(scope, node.name)) {
        throw new ExpressionAccessError(`"${node.name}" is not defined`);
      }
      return scope[node.name];
    case 'member': {
      const object = run(node.object);
      if (node.optional && (object === null || object === undefined)) return undefined;
      const key = node.computed ? run(node.property) : (node.property as { value: string }).value;
      return readMember(object, key);
    }
    case 'call': {
      const args = node.args.map(run);
      if (node.callee.kind === 'member') {
        const object = run(node.callee.object);
        if ((node.optional || node.callee.optional) && (object === null || object === undefined)) return undefined;
        const key = node.callee.computed ? run(node.callee.property) : (node.callee.property as { value: string }).value;
        return callMethod(object, key, args);
      }
      const fn = run(node.callee);
      if (node.optional && (fn === null || fn === undefined)) return undefined;
      return callFunction(fn, args, node.callee.kind === 'ident' ? node.callee.name : 'expression');
    }
    case 'unary': {
      const value = run(node.arg);
      if (node.op === '!') return !value;
      if (!isPrimitive(value)) throw new ExpressionAccessError('arithmetic needs plain values');
      return node.op === '-' ? -(value as number) : +(value as number);
    }
    case 'binary': {
      const left = run(node.left);
      const right = run(node.right);
      if (!['===', '!==', '==', '!='].includes(node.op) && (!isPrimitive(left) || !isPrimitive(right))) {
        throw new ExpressionAccessError(`operator ${node.op} needs plain values`);
      }
      return binary(node.op, left, right);
    }
    case 'logical': {
      const left = run(node.left);
      if (node.op === '&&') return left ? run(node.right) : left;
      if (node.op === '||') return left ? left : run(node.right);
      return left ?? run(node.right);
    }
    case 'conditional':
      return run(node.test) ? run(node.then) : run(node.otherwise);
    case 'array':
      return node.items.map(run);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const { key, value } of node.entries) {
        checkKey(key);
        out[key] = run(value);
      }
      return out;
    }
  }
}
