/** The files `npm run new-screen` writes (tools/new-screen.ts), built from its options. */
import { relative } from 'node:path';

export interface ScreenOptions {
  /** menu component = page file path under schemas/, e.g. xypj/ExpertTrainingList */
  component: string;
  label: string;
  entityLabel?: string;
  /** name:标签[:type][:rules] */
  fields: string[];
  /** code:名称:值=文本,值=文本 */
  dicts: string[];
  parent?: string;
  roles: string[];
  table?: string;
  api?: string;
  perm?: string;
  url?: string;
  menuId?: string;
  icon?: string;
  sort?: number;
  out?: string;
}

export interface ScreenFile {
  kind: 'entity' | 'page' | 'menu' | 'dict';
  /** path under schemas/ */
  schemasPath: string;
  /** path under --out (entities/, pages/, menus/, dicts/) */
  outPath: string;
  /** the file's text, given its folder and the folder of the meta-schemas ($schema is relative) */
  text(dir: string, metaDir: string): string;
}

const COMPONENT = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const TYPES = ['string', 'text', 'int', 'bigint', 'decimal', 'boolean', 'date', 'datetime'];

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function fail(message: string): never {
  throw new TypeError(message);
}

const FIELD_RULES = 'required, unique, length=N, maxLength=N, precision=N, scale=N, min=N, max=N, yesNo, exact, dict=<code>';

/** "expertName:专家姓名:string:required,length=50" → an entity column. */
export function parseField(spec: string): Record<string, unknown> {
  const [name, label, type = 'string', rules = ''] = spec.split(':');
  if (!name || !/^[a-z][a-zA-Z0-9]*$/.test(name)) fail(`--field ${spec}: the name must be camelCase letters and digits, e.g. expertName`);
  if (!label) fail(`--field ${spec}: give a label, e.g. ${name}:名称`);
  if (!TYPES.includes(type)) fail(`--field ${spec}: type must be one of ${TYPES.join(', ')}`);
  const column: Record<string, unknown> = { name, type };
  if (type === 'string') column.length = 100;
  for (const rule of rules
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const [key, value] = rule.split('=');
    if (key === 'required' || key === 'unique' || key === 'yesNo') column[key] = true;
    else if (['length', 'precision', 'scale', 'maxLength'].includes(key) && /^\d+$/.test(value ?? '')) column[key] = Number(value);
    else if ((key === 'min' || key === 'max') && /^-?\d+(\.\d+)?$/.test(value ?? '')) column[key] = Number(value);
    else if (key === 'dict' && value) column.dictCode = value;
    else if (key === 'exact' && value === undefined) column.queryMatch = 'exact';
    else fail(`--field ${spec}: unknown rule "${rule}" (${FIELD_RULES})`);
  }
  column.label = label;
  return column;
}

/** "xypj_training_type:培训类型:1=岗前培训,2=继续教育" → a dictionary file. */
export function parseDict(spec: string): { code: string; name: string; items: Array<{ value: string; text: string }> } {
  const [code, name, pairs = ''] = spec.split(':');
  if (!code || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(code) || !name) fail(`--dict ${spec}: write code:名称:值=文本,值=文本`);
  const items = pairs
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [value, text] = pair.split('=');
      if (!value || !text) fail(`--dict ${spec}: each item is 值=文本`);
      return { value, text };
    });
  if (items.length === 0) fail(`--dict ${spec}: give at least one item (值=文本)`);
  return { code, name, items };
}

/** A value on one line: { "a": 1, "b": [2, 3] }. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value);
}

/** One object per line inside the arrays, as the hand-written schema files are laid out. */
function layout(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${indent}  ${inline(v)}`).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${indent}  ${JSON.stringify(k)}: ${layout(v, `${indent}  `)}`);
    return `{\n${entries.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

const json = (build: (schema: string) => Record<string, unknown>, meta: string) => (dir: string, metaDir: string) =>
  `${layout(build(relative(dir, `${metaDir}/${meta}`)))}\n`;

/** The entity, page, menu and dictionary files of a new screen. */
export function screenFiles(o: ScreenOptions): ScreenFile[] {
  if (!COMPONENT.test(o.component) || !o.component.includes('/'))
    fail(`component ${o.component}: write <module>/<Name>List, e.g. xypj/ExpertTrainingList`);
  const segments = o.component.split('/');
  const name = segments[segments.length - 1].replace(/List$/, '');
  const module = segments.slice(0, -1).join('_').toLowerCase();
  const path = `/${segments.slice(0, -1).join('/')}/${lowerFirst(name)}`;
  const table = o.table ?? `${snake(module)}_${snake(name)}`;
  if (!/^[a-z][a-z0-9_]*$/.test(table)) fail(`table ${table}: lower case letters, digits and _ only (give --table)`);
  const menuId = o.menuId ?? `m_${table}`.slice(0, 32);
  const columns = [{ name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' }, ...o.fields.map(parseField)];
  if (o.fields.length === 0) fail('give the columns with --field name:标签[:type][:rules] (at least one)');
  const dicts = o.dicts.map(parseDict);

  const entity = json(
    (schema) => ({
      $schema: schema,
      table,
      label: o.entityLabel ?? o.label,
      apiBase: o.api ?? path,
      permissionPrefix: o.perm ?? `${module}:${lowerFirst(name)}`,
      columns,
    }),
    'entity.schema.json',
  );
  const page = json((schema) => ({ $schema: schema, kind: 'list', title: o.label, entity: table }), 'page.schema.json');
  const menuEntry: Record<string, unknown> = { id: menuId };
  if (o.parent) menuEntry.parentId = o.parent;
  Object.assign(menuEntry, { name: o.label, url: o.url ?? path, component: o.component, sortNo: o.sort ?? 50 });
  if (o.icon) menuEntry.icon = o.icon;
  if (o.roles.length > 0) menuEntry.roles = o.roles;
  const menu = (dir: string, metaDir: string) =>
    `${layout({ $schema: relative(dir, `${metaDir}/menu.schema.json`), menus: [menuEntry] })}\n`;

  return [
    { kind: 'entity', schemasPath: `entities/${table}.json`, outPath: `entities/${table}.json`, text: entity },
    { kind: 'page', schemasPath: `${o.component}.json`, outPath: `pages/${o.component}.json`, text: page },
    { kind: 'menu', schemasPath: `menus/${table}.json`, outPath: `menus/${table}.json`, text: menu },
    ...dicts.map((d): ScreenFile => ({
      kind: 'dict',
      schemasPath: `dicts/${d.code}.json`,
      outPath: `dicts/${d.code}.json`,
      text: json((schema) => ({ $schema: schema, code: d.code, name: d.name, items: d.items }), 'dict.schema.json'),
    })),
  ];
}
