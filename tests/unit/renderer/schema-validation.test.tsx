import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { validatePageSchema, validateEntitySchema } from '@renderer/schema/validate';
import { generateSchemaTypes, generateStandaloneValidators, TYPES_FILE, VALIDATORS_FILE } from '../../../tools/gen-schema-types';
import { validateSchemaFiles, formatReports } from '../../../tools/validate-schemas';
import { SchemaPage } from '@renderer/index';
import { fakeHttp, renderWith } from './harness';
import { positionSchema } from './position.fixture';

describe('meta-schema validation', () => {
  it('accepts every schema file in the repository', () => {
    const reports = validateSchemaFiles();
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(formatReports(reports)).toBe('');
  });

  it('names the JSON pointer and the expectation of each problem', () => {
    const broken = {
      ...positionSchema,
      columns: [{ dataIndex: 'name', title: 'x', widht: 3 }],
      url: { delete: '/x' },
      form: { schema: { type: 'object', properties: { a: { 'x-component': 5, 'x-validator': 'phoneNumber' } } } },
    };
    const issues = validatePageSchema(broken);
    expect(issues).toEqual(
      expect.arrayContaining([
        { pointer: '/columns/0', message: 'unknown property "widht"' },
        { pointer: '/url', message: 'missing required property "list"' },
        { pointer: '/form/schema/properties/a/x-component', message: 'must be string' },
      ]),
    );
    expect(
      issues.some((i) => i.pointer === '/form/schema/properties/a/x-validator' && i.message.startsWith('must be one of "mobile"')),
    ).toBe(true);
    expect(validatePageSchema({ kind: 'chart' })).toEqual([{ pointer: '/kind', message: 'must be one of "list", "form", "view"' }]);
  });

  it('checks entity files', () => {
    expect(
      validateEntitySchema({
        $schema: 'x',
        table: 'Bad-Name',
        label: 'l',
        apiBase: '/a',
        permissionPrefix: 'p',
        columns: [{ name: 'a', type: 'varchar', label: 'A' }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { pointer: '/table', message: 'must match pattern "^[a-z][a-z0-9_]*$"' },
        {
          pointer: '/columns/0/type',
          message: 'must be one of "string", "text", "int", "bigint", "decimal", "boolean", "date", "datetime"',
        },
      ]),
    );
  });

  it('generated types and precompiled validators match the meta-schemas', () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generateSchemaTypes());
    expect(readFileSync(VALIDATORS_FILE, 'utf8')).toBe(generateStandaloneValidators());
  });

  it('validates at runtime without eval or new Function (CSP without unsafe-eval)', async () => {
    vi.resetModules();
    const realFunction = globalThis.Function;
    const blocked = () => {
      throw new EvalError('blocked by CSP');
    };
    vi.stubGlobal('Function', blocked);
    vi.stubGlobal('eval', blocked);
    try {
      const fresh = await import('@renderer/schema/validate');
      expect(fresh.validatePageSchema(positionSchema)).toEqual([]);
      expect(fresh.validatePageSchema({ ...positionSchema, title: 3 })).toEqual([{ pointer: '/title', message: 'must be string' }]);
    } finally {
      vi.unstubAllGlobals();
      expect(globalThis.Function).toBe(realFunction);
    }
  });

  it('renders an invalid page as an error panel listing the problems, never blank', () => {
    renderWith(<SchemaPage schema={{ kind: 'list', title: 'x', columns: [] }} source="online/abc" />, fakeHttp({}).http);
    expect(screen.getByRole('alert').textContent).toContain('页面配置有误: online/abc');
    expect(screen.getByText('missing required property "url"', { exact: false })).toBeTruthy();
  });

  it('renders a form whose component is not registered as an error panel', async () => {
    renderWith(
      <SchemaPage
        schema={{
          $schema: '../_meta/page.schema.json',
          kind: 'form',
          title: '表单',
          schema: { type: 'object', properties: { a: { type: 'string', 'x-component': 'NoSuchWidget' } } },
        }}
      />,
      fakeHttp({}).http,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('component "NoSuchWidget" is not registered');
  });

  it('names the file and the pointer of an unregistered query component, column component or view', () => {
    const page = {
      ...positionSchema,
      query: { type: 'object', properties: { name: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'FancyInput' } } },
      columns: [{ dataIndex: 'name', title: '名称', component: 'StateBadge' }],
    };
    renderWith(<SchemaPage schema={page} source="schemas/demo/PositionList.json" />, fakeHttp({}).http);
    const panel = screen.getByRole('alert').textContent ?? '';
    expect(panel).toContain('页面配置有误: schemas/demo/PositionList.json');
    expect(panel).toContain('/query/properties/name/x-component component "FancyInput" is not registered');
    expect(panel).toContain('/columns/0/component component "StateBadge" is not a registered field type');
  });
});
