/**
 * Small JSON-Schema builders for route params and bodies. `title` is the Chinese field name used in
 * validation messages ("用户名长度不能超过100个字符").
 */
export interface StringSchema {
  type: 'string';
  title: string;
  maxLength: number;
  minLength?: number;
  pattern?: string;
}

export function text(title: string, maxLength: number, extra: Partial<Omit<StringSchema, 'type' | 'title'>> = {}): StringSchema {
  return { type: 'string', title, maxLength, ...extra };
}

/** Letters, digits and _ - only: keys, codes, usernames. Rejects quotes, spaces, comments and operators. */
export const SAFE_CODE = '^[A-Za-z0-9_\\-]+$';
export const USERNAME = '^[A-Za-z0-9_@.\\-]+$';
export const MOBILE = '^1[3-9]\\d{9}$';

export function objectSchema(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required } as const;
}
