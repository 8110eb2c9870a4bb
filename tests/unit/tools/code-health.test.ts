import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { missingSchemas } from '../../../tools/code-health/missing-schemas';

const route = (method: RouteOptions['method'], url: string, schema?: Record<string, unknown>, handler = () => null) =>
  ({ method, url, schema, handler }) as unknown as RouteOptions;

describe('code-health: routes without a schema', () => {
  it('asks a body schema of POST and PUT routes, none of a route that also answers GET', () => {
    expect(missingSchemas(route('POST', '/a/add'))).toEqual(['body']);
    expect(missingSchemas(route(['PUT', 'POST'], '/a/edit', { body: { type: 'object' } }))).toEqual([]);
    expect(missingSchemas(route(['GET', 'POST'], '/a/logout'))).toEqual([]);
  });

  it('accepts a multipart route without a body schema', () => {
    expect(missingSchemas(route('POST', '/a/importExcel', { consumes: ['multipart/form-data'] }))).toEqual([]);
  });

  it('asks a params schema of a url with parameters and a query schema of a handler reading the query', () => {
    expect(missingSchemas(route('GET', '/a/pdf/:id'))).toEqual(['params']);
    expect(missingSchemas(route('GET', '/a/static/*', { params: {} }))).toEqual([]);
    const readsQuery = (request: { query: { id?: string } }) => request.query.id;
    expect(missingSchemas(route('GET', '/a/list', undefined, readsQuery as never))).toEqual(['querystring']);
    expect(missingSchemas(route('GET', '/a/list', { querystring: {} }, readsQuery as never))).toEqual([]);
  });
});
