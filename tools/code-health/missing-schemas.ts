/**
 * Which routes take input without declaring its schema. A route needs:
 * - `schema.params` when its url has parameters (`:id`, `*`);
 * - `schema.body` when every method it answers carries a body (POST, PUT, PATCH), unless it declares
 *   `consumes: ['multipart/form-data']` (uploads and imports, whose file parts the handler checks);
 * - `schema.querystring` when its handler reads the query (its source names `query`).
 * Fastify's automatic HEAD routes repeat their GET route and are left out.
 */
import type { RouteOptions } from 'fastify';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface RouteSchemaGap {
  route: string;
  missing: string[];
}

export function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? [...route.method] : [route.method];
}

/** The parts of `route`'s input that have no schema ([] when none is missing). */
export function missingSchemas(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const missing: string[] = [];
  if (/[:*]/.test(route.url) && !schema.params) missing.push('params');
  const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
  const bodyOnly = methodsOf(route).every((m) => BODY_METHODS.has(m));
  if (bodyOnly && !schema.body && !consumes.includes('multipart/form-data')) missing.push('body');
  if (/\bquery\b/.test(String(route.handler)) && !schema.querystring) missing.push('querystring');
  return missing;
}
