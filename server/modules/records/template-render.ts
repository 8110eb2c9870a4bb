/**
 * ${variable} placeholders filled by plain substitution: no expressions, no code, no access to
 * anything but the own properties of the data object (a dotted path walks nested objects).
 * HTML templates get every value HTML-escaped; a missing value becomes the empty text.
 */
const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*){0,4})\s*\}/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function lookup(data: Record<string, unknown>, path: string): unknown {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, key))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function renderTemplate(template: string, data: Record<string, unknown>, html: boolean): string {
  return template.replace(PLACEHOLDER, (_m, path: string) => {
    const text = textOf(lookup(data, path));
    return html ? escapeHtml(text) : text;
  });
}

/** The test data of 发送测试: a JSON object, or a plain message naming what is wrong. */
export function parseTemplateData(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined || raw === '') return {};
  if (typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') throw new TypeError('测试数据必须是JSON对象');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new TypeError('测试数据不是合法的JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError('测试数据必须是JSON对象');
  return parsed as Record<string, unknown>;
}
