/**
 * `npm run new-screen -- <component> --label <名称> [options]`: writes the files of a new list screen in
 * one step — the entity (table + standard endpoints), the page derived from it, the menu row (its
 * buttons come from the page) and any dictionaries — then checks them as validate-schemas does.
 * The guide is docs/add-a-screen.md.
 *
 *   --label 专家培训记录                 screen title and menu name (entity label: --entity-label)
 *   --field name:标签[:type][:rules]    one column; type string (default), text, int, bigint, decimal,
 *                                       boolean, date, datetime; rules comma-separated: required,
 *                                       unique, length=N, precision=N, scale=N, dict=<code>
 *   --dict code:名称:值=文本,值=文本      a dictionary file (repeat for more)
 *   --parent m_system                   parent menu id (default: a top-level menu)
 *   --roles xypj_staff,xypj_expert      roles granted the menu besides admin
 *   --icon book                         menu icon (antd name)
 *   --table, --api, --perm, --url, --menu-id, --sort   instead of the names derived from <component>
 *   --out <dir>                         write <dir>/entities, <dir>/pages, <dir>/menus, <dir>/dicts
 *                                       (for ENTITY_DIRS, PAGE_SCHEMA_DIRS, MENU_DIRS, DICT_DIRS)
 *                                       instead of schemas/
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { screenFiles, type ScreenOptions } from './new-screen-files';
import { formatReports, validateSchemaFiles } from './validate-schemas';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export class UsageError extends Error {}

export function parseScreenArgs(argv: string[]): ScreenOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      label: { type: 'string' },
      'entity-label': { type: 'string' },
      field: { type: 'string', multiple: true },
      dict: { type: 'string', multiple: true },
      parent: { type: 'string' },
      roles: { type: 'string' },
      table: { type: 'string' },
      api: { type: 'string' },
      perm: { type: 'string' },
      url: { type: 'string' },
      'menu-id': { type: 'string' },
      icon: { type: 'string' },
      sort: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const [component, ...rest] = positionals;
  if (!component || rest.length > 0)
    throw new UsageError(
      'usage: npm run new-screen -- <component, e.g. xypj/ExpertTrainingList> --label <名称> [--field name:标签[:type][:rules]]…',
    );
  if (!values.label) throw new UsageError('--label is required (the screen title and menu name)');
  return {
    component,
    label: values.label,
    entityLabel: values['entity-label'],
    fields: values.field ?? [],
    dicts: values.dict ?? [],
    parent: values.parent,
    roles: values.roles
      ? values.roles
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean)
      : [],
    table: values.table,
    api: values.api,
    perm: values.perm,
    url: values.url,
    menuId: values['menu-id'],
    icon: values.icon,
    sort: values.sort === undefined ? undefined : Number(values.sort),
    out: values.out,
  };
}

/** Writes the files (never over an existing one); returns the paths written. */
export function writeScreen(options: ScreenOptions, projectRoot = root): string[] {
  const files = screenFiles(options);
  const base = options.out ? resolve(options.out) : join(projectRoot, 'schemas');
  const targets = files.map((f) => ({ ...f, path: join(base, options.out ? f.outPath : f.schemasPath) }));
  const taken = targets.filter((t) => existsSync(t.path));
  if (taken.length > 0)
    throw new UsageError(`already there, nothing written: ${taken.map((t) => relative(process.cwd(), t.path)).join(', ')}`);
  for (const t of targets) {
    mkdirSync(dirname(t.path), { recursive: true });
    writeFileSync(t.path, t.text(dirname(t.path), join(projectRoot, 'schemas', '_meta')));
  }
  return targets.map((t) => t.path);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  try {
    const options = parseScreenArgs(process.argv.slice(2));
    const written = writeScreen(options);
    for (const file of written) process.stdout.write(`wrote ${relative(process.cwd(), file)}\n`);
    const failed = options.out ? [] : validateSchemaFiles(written).filter((r) => r.issues.length > 0);
    if (failed.length > 0) {
      process.stderr.write(`${formatReports(failed)}\n`);
      process.exit(1);
    }
    process.stdout.write(
      options.out
        ? `Start the server with ENTITY_DIRS, PAGE_SCHEMA_DIRS, MENU_DIRS and DICT_DIRS naming the folders under ${options.out}.\n`
        : 'Restart the server (npm start): it creates the table and adds the menu, its buttons and the dictionaries. See docs/add-a-screen.md.\n',
    );
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
