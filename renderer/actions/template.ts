import { evaluateExpression } from '../expression';
import { isPlainData } from '../expression/evaluate';
import type { ActionScope } from './scope';

const WHOLE = /^\s*\{\{([\s\S]*)\}\}\s*$/;
const PART = /\{\{([\s\S]*?)\}\}/g;

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The expression of a string that is exactly one `{{ }}`, else undefined. */
export function wholeExpression(text: string): string | undefined {
  const match = WHOLE.exec(text);
  return match && !match[1].includes('{{') ? match[1] : undefined;
}

/**
 * Fills an action value from the scope. A string that is one `{{ }}` expression becomes the value
 * itself (an array stays an array, a number a number); `{{ }}` parts inside a longer string become
 * text (arrays comma-joined), passed through `encode` when given (URL parts). Objects and arrays are
 * filled member by member; other values stay as they are. Throws when an expression cannot be evaluated.
 */
export function fillTemplate(value: unknown, scope: ActionScope, encode?: (text: string) => string): unknown {
  if (typeof value === 'string') {
    const whole = wholeExpression(value);
    if (whole !== undefined) return evaluateExpression(whole, { ...scope });
    return value.replace(PART, (_, expression: string) => {
      const text = textOf(evaluateExpression(expression, { ...scope }));
      return encode ? encode(text) : text;
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplate(item, scope, encode));
  if (isPlainData(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillTemplate(item, scope, encode)]));
  return value;
}

export function fillText(template: string, scope: ActionScope): string {
  return textOf(fillTemplate(template, scope));
}

// eslint-disable-next-line no-control-regex -- control characters are among what a file name may not hold
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\x00-\x1f]/g;

/**
 * The name a download is saved under: the schema's `fileName` with its `{{ }}` parts filled from the scope (path
 * separators and characters no file system accepts become `_`), else the server's name, else 下载文件.
 */
export function savedFileName(template: string | undefined, scope: ActionScope, serverName: string | undefined): string {
  const filled = template === undefined ? '' : fillText(template, scope).replace(NOT_IN_FILE_NAMES, '_').trim();
  return filled || serverName || '下载文件';
}

export function fillValues(values: Record<string, unknown> | undefined, scope: ActionScope): Record<string, unknown> | undefined {
  return values ? (fillTemplate(values, scope) as Record<string, unknown>) : undefined;
}

/** A `{{ }}` condition; one that cannot be evaluated (e.g. a field of a missing record) counts as false. */
export function conditionHolds(expression: string, scope: ActionScope): boolean {
  try {
    return !!evaluateExpression(wholeExpression(expression) ?? expression, { ...scope });
  } catch {
    return false;
  }
}
