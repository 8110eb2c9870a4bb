/**
 * validate-schemas checks that look beyond one file's meta-schema: the components and views a page
 * names are registered, the dictionaries it or an entity names exist, and a page derived from an
 * entity names only the entity's fields and addresses under its apiBase. Each finding carries the
 * JSON pointer of the property concerned.
 */
import { AUDIT_FIELDS } from '../contract/entity';
import { ENDPOINTS } from '../contract/pages/standard-actions';
import type { EntitySchema } from '../contract/schema-types.gen';
import type { SchemaIssue } from '../renderer/schema/validate';
import { referenceIssues, type KnownNames } from '../renderer/schema/references';
import { FIELD_TYPES, FORM_COMPONENTS, VIEW_NAMES } from './registered-names';

type Json = Record<string, unknown>;

export interface ReferenceContext {
  /** whether a dictCode names a dictionary file, a built-in enum dictionary or a registered table dictionary */
  isKnownDict(code: string): boolean;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const knownNames = (context: ReferenceContext): KnownNames => ({
  formComponents: FORM_COMPONENTS,
  fieldTypes: FIELD_TYPES,
  views: VIEW_NAMES,
  isKnownDict: (code) => context.isKnownDict(code),
});

/** Every component, view and dictionary a page names, wherever it sits (the browser checks the same, without dictionaries). */
export function pageReferenceIssues(document: unknown, context: ReferenceContext): SchemaIssue[] {
  return referenceIssues(document, knownNames(context));
}

/** The dictionaries an entity's columns name (an entity names no components). */
export function entityReferenceIssues(document: unknown, context: ReferenceContext): SchemaIssue[] {
  return referenceIssues(document, knownNames(context));
}

/** The names a page derived from `entity` may use for its fields. */
function entityNames(entity: EntitySchema): Set<string> {
  const names = new Set(entity.columns.map((c) => c.name));
  if (entity.auditColumns !== false) for (const a of AUDIT_FIELDS) names.add(a.property);
  for (const s of entity.subTables ?? []) names.add(s.property);
  return names;
}

/** A field key: a column, `<column>_dictText`, or a range "[x_begin,x_end]" of a column. */
function namesKnownField(key: string, names: Set<string>): boolean {
  const range = /^\[(.+),(.+)\]$/.exec(key);
  if (range) return [range[1]!, range[2]!].every((part) => names.has(part.trim().replace(/_(begin|end)$/, '')));
  return names.has(key) || names.has(key.replace(/_dictText$/, ''));
}

/**
 * A page that names its entity: its columns (but computed ones, which state their component), query
 * and form fields (but void layout boxes) and advanced-query fields are the entity's, and its urls
 * are the entity's endpoints under apiBase.
 */
export function entityPageIssues(page: Json, entity: EntitySchema, entityFile: string): SchemaIssue[] {
  const names = entityNames(entity);
  const issues: SchemaIssue[] = [];
  const notInEntity = (name: string, pointer: string) => {
    if (!namesKnownField(name, names))
      issues.push({ pointer, message: `field "${name}" is not a column of entity ${entity.table} (${entityFile})` });
  };
  const properties = (value: unknown, pointer: string): void => {
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (isObject(child) && child.type === 'void') properties(child.properties, `${at}/properties`);
      else notInEntity(key, at);
    }
  };
  /** `computed`: an entry that states its own component shows a value of its own (a computed column). */
  const list = (value: unknown, key: string, pointer: string, computed: boolean) => {
    if (!Array.isArray(value)) return;
    value.forEach((entry: unknown, index) => {
      if (!isObject(entry) || typeof entry[key] !== 'string' || (computed && typeof entry.component === 'string')) return;
      notInEntity(entry[key] as string, `${pointer}/${index}/${key}`);
    });
  };
  list(page.columns, 'dataIndex', '/columns', true);
  if (isObject(page.query)) properties(page.query.properties, '/query/properties');
  if (isObject(page.form) && isObject(page.form.schema)) properties(page.form.schema.properties, '/form/schema/properties');
  if (isObject(page.superQuery)) list(page.superQuery.fields, 'value', '/superQuery/fields', false);
  if (isObject(page.url)) {
    const base = entity.apiBase.replace(/\/+$/, '');
    for (const [key, url] of Object.entries(page.url)) {
      if (typeof url !== 'string') continue;
      const standard = (ENDPOINTS as readonly string[]).includes(key);
      if (standard ? url !== `${base}/${key}` : !url.startsWith(`${base}/`)) {
        const expected = standard ? `must be ${base}/${key}` : `must be under ${base}/`;
        issues.push({
          pointer: `/url/${escapePointer(key)}`,
          message: `"${url}" ${expected} (apiBase of entity ${entity.table}, ${entityFile})`,
        });
      }
    }
  }
  return issues;
}
