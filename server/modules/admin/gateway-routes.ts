import { businessError } from '../../core/envelope';
import { registerEntityPolicy } from '../entity/policies';

const FIELDS = [
  { property: 'predicates', label: '路由条件' },
  { property: 'filters', label: '过滤器' },
] as const;

/**
 * A predicates/filters value as stored: empty → '[]'; otherwise a JSON array of objects, each with a
 * non-empty `name` (what Spring Cloud Gateway reads: `{name, args}`), else a business error naming the field.
 */
export function checkRouteJson(label: string, value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return '[]';
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw businessError(`${label}不是合法的 JSON，请检查括号、引号和逗号`);
    }
  }
  if (!Array.isArray(parsed)) throw businessError(`${label}须是 JSON 数组，如 [{"name":"Path","args":{"_genkey_0":"/sys/**"}}]`);
  parsed.forEach((item: unknown, index) => {
    const name = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>).name : undefined;
    if (typeof name !== 'string' || name.trim() === '') throw businessError(`${label}第${index + 1}项须是带 name 的对象`);
  });
  return JSON.stringify(parsed);
}

/** 网关路由 (sys_gateway_route): predicates and filters are checked and stored as JSON arrays on add and edit. */
export function registerGatewayRoutePolicy(): void {
  registerEntityPolicy('sys_gateway_route', {
    beforeWrite: ({ mode, body }) => {
      if (mode === 'delete') return Promise.resolve();
      for (const { property, label } of FIELDS) {
        if (mode === 'add' || property in body) body[property] = checkRouteJson(label, body[property]);
      }
      return Promise.resolve();
    },
  });
}
