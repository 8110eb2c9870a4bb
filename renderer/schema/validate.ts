import type { ErrorObject } from 'ajv';
import * as compiled from './validators.gen';
import { expressionIssues } from './expressions';

/** One problem in a schema document: where (JSON pointer) and what was expected. */
export interface SchemaIssue {
  pointer: string;
  message: string;
}

export type SchemaKind = 'page' | 'entity';

/** ajv standalone output: validators precompiled by tools/gen-schema-types.ts (no `new Function` at runtime). */
interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const validators = compiled as unknown as Record<'ListPage' | 'FormPage' | 'ViewPage' | 'Entity', CompiledValidator>;

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperty':
    case 'additionalProperties':
      return `unknown property "${String(params.additionalProperty)}"`;
    case 'required':
      return `missing required property "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return error.message ?? error.keyword;
  }
}

/** ajv reports every failed branch of an anyOf; keep the most specific (deepest) findings. */
function toIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  if (!errors) return [];
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const list = specific.length > 0 ? specific : errors;
  for (const error of list) {
    const issue = { pointer: error.instancePath || '/', message: describe(error) };
    const key = `${issue.pointer} ${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

const PAGE_VALIDATORS: Record<string, CompiledValidator> = {
  list: validators.ListPage,
  form: validators.FormPage,
  view: validators.ViewPage,
};

/** Validate a page schema (list, form or view). Chooses the branch by `kind` so errors stay specific. */
export function validatePageSchema(document: unknown): SchemaIssue[] {
  const kind = (document as { kind?: unknown } | null)?.kind;
  const validate = typeof kind === 'string' && Object.hasOwn(PAGE_VALIDATORS, kind) ? PAGE_VALIDATORS[kind] : undefined;
  if (!validate) {
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      return [{ pointer: '/', message: 'must be an object' }];
    }
    return [{ pointer: '/kind', message: 'must be one of "list", "form", "view"' }];
  }
  return validate(document) ? expressionIssues(document) : toIssues(validate.errors);
}

export function validateEntitySchema(document: unknown): SchemaIssue[] {
  const validate = validators.Entity;
  return validate(document) ? [] : toIssues(validate.errors);
}

export function validateSchemaDocument(document: unknown, kind: SchemaKind): SchemaIssue[] {
  return kind === 'entity' ? validateEntitySchema(document) : validatePageSchema(document);
}

/** Which meta-schema a document declares through its relative `$schema`, if any. */
export function declaredKind(document: unknown): SchemaKind | undefined {
  const ref = (document as { $schema?: unknown } | null)?.$schema;
  if (typeof ref !== 'string') return undefined;
  if (/(^|\/)_meta\/page\.schema\.json$/.test(ref) || ref === 'page.schema.json') return 'page';
  if (/(^|\/)_meta\/entity\.schema\.json$/.test(ref) || ref === 'entity.schema.json') return 'entity';
  return undefined;
}
