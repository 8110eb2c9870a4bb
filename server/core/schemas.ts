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

/** A JSON object body; the properties named are checked, the others pass to the handler's own rules. */
export function bodySchema(properties: Record<string, unknown> = {}, required: string[] = []) {
  return { type: 'object', title: '请求内容', properties, required } as const;
}

/** Query strings arrive as text; JeecgBoot clients add their own keys (`_t`), so unnamed keys pass. */
export function querySchema(properties: Record<string, unknown> = {}, required: string[] = []) {
  return { type: 'object', properties, required } as const;
}

/** Paging of a list (text, as sent; the list reads what it can); its filters are the entity's own fields. */
export const LIST_QUERY = querySchema({ pageNo: text('页码', 20), pageSize: text('每页条数', 20) });

/** Comma-separated ids (`ids=a,b,`) of up to `maxIds` ids of 64 characters, split by the handler. */
export const idsText = (title = '主键', maxIds = 1000) => text(title, 65 * maxIds, { minLength: 1 });

/** Uploads and imports: multipart parts, read and checked by the handler (documentation only for Fastify). */
export const MULTIPART = { consumes: ['multipart/form-data'] } as const;

/** A body that may be left out (the values may come in the query instead): a JSON object, or nothing. */
export function optionalBodySchema(properties: Record<string, unknown> = {}) {
  return { type: ['object', 'null'], title: '请求内容', properties } as const;
}

/** A text value typed only: the handler checks its length and emptiness with its own messages. */
export const anyText = (title: string) => ({ type: 'string', title }) as const;
