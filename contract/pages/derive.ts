/**
 * A list page that names its entity (`"entity": "sys_position"`) gets everything the entity already
 * says: urls, permission prefix, export name, default sort, columns, query form, add/edit form, the
 * advanced-query fields, toolbar and row actions with their permission codes. The page file states
 * only what differs:
 *
 * - a section the page leaves out comes whole from the entity;
 * - a list the page writes (columns, query or form properties, advanced-query fields, toolbar, row
 *   actions, urls) is the list shown, in the page's order; each entry naming an entity column is
 *   completed from it (title, component, dictionary, rules), what the entry says wins;
 * - settings (form container, width, grid …) are merged key by key.
 *
 * This is the one place pages are derived: the page-schema endpoint, the client build (bundled
 * pages), the schema validator and the menu button generator all call it.
 */
import type { EntitySchema } from '../schema-types.gen';
import { formField, listColumn, pageFields, queryField, superQueryField, type Json, type PageField } from './derive-fields';
import { ENDPOINTS, permissionFor, STANDARD_ACTIONS } from './standard-actions';

export type { Json } from './derive-fields';

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key (recursively); anything else in `over` replaces `base`. */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

/** The last segment of a file path without `.json`: /x/schemas/entities/sys_position.json → sys_position. */
function jsonFileName(file: string): string {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  return name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
}

/** The entity a page names: its table, which is also its file name under schemas/entities. */
export function findEntity<T extends { table: string; file: string }>(entities: readonly T[], name: string): T | undefined {
  return entities.find((e) => e.table === name) ?? entities.find((e) => jsonFileName(e.file) === name);
}

/** Whether a page file is derived from an entity (a list page with `entity`). */
export function namesEntity(page: unknown): page is Json & { entity: string } {
  return isObject(page) && page.kind === 'list' && typeof page.entity === 'string';
}

type Make = (f: PageField) => Json;

/** A Formily object schema: the page's properties completed from the entity, or the default fields. */
function formilyObject(written: unknown, byName: Map<string, PageField>, make: Make, defaults: PageField[]): Json {
  if (!isObject(written)) return { type: 'object', properties: Object.fromEntries(defaults.map((f) => [f.name, make(f)])) };
  return { type: 'object', ...written, properties: completeProperties(written.properties, byName, make) };
}

function completeProperties(properties: unknown, byName: Map<string, PageField>, make: Make): Json {
  if (!isObject(properties)) return {};
  const out: Json = {};
  for (const [key, value] of Object.entries(properties)) {
    const field = byName.get(key);
    const written = isObject(value) ? value : {};
    if (field) out[key] = deepMerge(make(field), written);
    else if (written.type === 'void' && isObject(written.properties))
      out[key] = { ...written, properties: completeProperties(written.properties, byName, make) };
    else out[key] = value;
  }
  return out;
}

function completeList(written: unknown, key: string, byName: Map<string, PageField>, make: Make): Json[] {
  if (!Array.isArray(written)) return [];
  return written.map((entry: unknown) => {
    if (!isObject(entry)) return entry as Json;
    const field = typeof entry[key] === 'string' ? byName.get(entry[key]) : undefined;
    return field ? deepMerge(make(field), entry) : entry;
  });
}

/**
 * The toolbar or row actions: the page's as written, else the standard ones the urls allow. A standard
 * action the page leaves out or writes as `true` or without `auth` is guarded by its standard code.
 */
function actions(place: 'toolbar' | 'row', written: unknown, urls: Json, prefix: string): Json {
  const standard = STANDARD_ACTIONS.filter((a) => a.place === place);
  if (isObject(written)) {
    const out: Json = { ...written };
    for (const a of standard) {
      if (!a.endpoint) continue;
      const value = out[a.key];
      const auth = permissionFor(prefix, a.endpoint);
      if (isObject(value) && value.auth === undefined) out[a.key] = { ...value, auth };
      else if ((value === undefined || value === true) && typeof urls[a.endpoint] === 'string') out[a.key] = { auth };
    }
    return out;
  }
  const out: Json = {};
  for (const a of standard) {
    if (!a.endpoint) out[a.key] = true;
    else if (typeof urls[a.endpoint] === 'string') out[a.key] = { auth: permissionFor(prefix, a.endpoint) };
  }
  return out;
}

const FORM_DEFAULTS: Json = { container: 'modal', width: 800, grid: { maxColumns: 1, labelCol: 5, wrapperCol: 16 } };

/** The complete list page: `page` (a list page naming `entity`) with the entity's parts filled in. */
export function derivePage(page: Json, entity: EntitySchema): Json {
  const fields = pageFields(entity);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const own = fields.filter((f) => !f.audit);
  const base = entity.apiBase.replace(/\/+$/, '');
  const prefix = typeof page.authPrefix === 'string' ? page.authPrefix : entity.permissionPrefix;
  const urls: Json = isObject(page.url) ? page.url : Object.fromEntries(ENDPOINTS.map((e) => [e, `${base}/${e}`]));
  const createTime = byName.get('createTime');
  const sort = entity.defaultSort ?? (createTime ? { column: 'createTime', order: 'desc' } : undefined);
  const writtenForm = isObject(page.form) ? page.form : {};

  const derived: Json = {
    ...page,
    authPrefix: prefix,
    url: urls,
    columns: Array.isArray(page.columns) ? completeList(page.columns, 'dataIndex', byName, listColumn) : own.map(listColumn),
    query: formilyObject(
      page.query,
      byName,
      queryField,
      own.filter((f) => f.required),
    ),
    form: {
      ...deepMerge(FORM_DEFAULTS, writtenForm),
      schema: formilyObject(writtenForm.schema, byName, (f) => formField(f, entity.table), own),
    },
    superQuery: isObject(page.superQuery)
      ? { ...page.superQuery, fields: completeList(page.superQuery.fields, 'value', byName, superQueryField) }
      : { fields: [...own, ...(createTime ? [createTime] : [])].map(superQueryField) },
  };
  if (sort && page.defaultSort === undefined) derived.defaultSort = sort;
  if (page.exportFileName === undefined) derived.exportFileName = entity.exportTitle ?? entity.label;
  // A page with typed `actions` states its own buttons; otherwise the toolbar/rowActions form.
  if (page.actions === undefined) {
    derived.toolbar = actions('toolbar', page.toolbar, urls, prefix);
    derived.rowActions = actions('row', page.rowActions, urls, prefix);
  }
  return derived;
}
