/**
 * Menus, routes and button permissions come from the menu files (schemas/menus/*.json and MENU_DIRS,
 * meta-schema schemas/_meta/menu.schema.json), flattened here into sys_permission rows.
 *
 * Each row is inserted once (tracked by id in sys_seed_applied), on a fresh database and on existing
 * ones at the next start; administrators' later edits or deletions are kept. The admin role is
 * granted every row; `roles` lists the other role codes that get it. A menu that lists no buttons
 * gets one per permission code of its page's actions (contract/pages/buttons.ts).
 */
import { createHash } from 'node:crypto';
import { DataFileError, menuDirectories, readDataFiles } from '../../core/data-files';
import { entityDirectories, loadEntityDefinitions, type EntityDefinition } from '../../modules/entity/definitions';
import { pageButtons, type PageButton } from '../../../contract/pages/buttons';
import { findEntity, namesEntity } from '../../../contract/pages/derive';
import { pageSchemaDirectories, readPageFile } from '../../modules/pages/page-files';

export interface MenuSeed {
  /** stable id, at most 32 characters; never reuse one */
  id: string;
  parentId?: string;
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  /** 0 top-level menu, 1 sub menu, 2 button/permission */
  menuType: 0 | 1 | 2;
  perms?: string;
  /** buttons: '1' show when granted, '2' disable when not granted */
  permsType?: '1' | '2';
  sortNo: number;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** false = appears in the side menu only, no router entry (route '0') */
  isRoute?: boolean;
  keepAlive?: boolean;
  hideTab?: boolean;
  internalOrExternal?: boolean;
  roles: string[];
  /** the menu file it came from */
  file?: string;
}

interface MenuButtonJson {
  id?: string;
  name: string;
  perms: string;
  permsType?: '1' | '2';
  sortNo?: number;
  roles?: string[];
}

type MenuEntryJson = Omit<MenuSeed, 'menuType' | 'sortNo' | 'roles' | 'file' | 'permsType'> & {
  menuType?: 0 | 1;
  sortNo?: number;
  roles?: string[];
  buttons?: MenuButtonJson[];
  buttonIdPrefix?: string;
  children?: MenuEntryJson[];
};

interface MenuFileJson {
  menus: MenuEntryJson[];
}

const MENU_KEYS = [
  'url',
  'component',
  'componentName',
  'redirect',
  'perms',
  'icon',
  'hidden',
  'alwaysShow',
  'isRoute',
  'keepAlive',
  'hideTab',
  'internalOrExternal',
] as const;

interface Sources {
  env: NodeJS.ProcessEnv;
  entities?: EntityDefinition[];
}

/** The buttons a menu gets from its page when it lists none. */
function generatedButtons(entry: MenuEntryJson, file: string, sources: Sources): PageButton[] {
  if (!entry.component) return [];
  const found = readPageFile(pageSchemaDirectories(sources.env), entry.component);
  if (!found) return [];
  if (!namesEntity(found.page)) return pageButtons(found.page);
  sources.entities ??= loadEntityDefinitions(entityDirectories(sources.env));
  const entity = findEntity(sources.entities, found.page.entity);
  if (!entity) throw new DataFileError(`${file}: 菜单 ${entry.id} 的页面 ${entry.component} 所用实体 ${found.page.entity} 不存在`);
  return pageButtons(found.page, entity.json);
}

interface PendingButton {
  row: MenuSeed;
  prefix: string;
}

function flatten(
  entries: MenuEntryJson[],
  parentId: string | undefined,
  file: string,
  sources: Sources,
  out: MenuSeed[],
  pending: PendingButton[],
): void {
  for (const e of entries) {
    const parent = e.parentId ?? parentId;
    const roles = e.roles ?? [];
    const row: MenuSeed = { id: e.id, name: e.name, menuType: e.menuType ?? (parent ? 1 : 0), sortNo: e.sortNo ?? 0, roles, file };
    if (parent) row.parentId = parent;
    for (const key of MENU_KEYS) if (e[key] !== undefined) Object.assign(row, { [key]: e[key] });
    out.push(row);
    const buttons: MenuButtonJson[] = e.buttons ?? generatedButtons(e, file, sources);
    buttons.forEach((b, i) => {
      const button: MenuSeed = {
        id: b.id ?? '',
        parentId: e.id,
        name: b.name,
        menuType: 2,
        perms: b.perms,
        permsType: b.permsType ?? '1',
        sortNo: b.sortNo ?? i + 1,
        roles: b.roles ?? roles,
        file,
      };
      out.push(button);
      if (!b.id) pending.push({ row: button, prefix: e.buttonIdPrefix ?? `b_${e.id.replace(/^m_/, '')}_` });
    });
    flatten(e.children ?? [], e.id, file, sources, out, pending);
  }
}

/** "<prefix><last segment of the code>" in lower case; a stable hash when that is too long or taken. */
function assignButtonIds(pending: PendingButton[], used: Set<string>): void {
  for (const { row, prefix } of pending) {
    const readable = `${prefix}${(row.perms ?? '')
      .split(':')
      .pop()!
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')}`;
    const id =
      readable.length <= 32 && !used.has(readable)
        ? readable
        : `b_${createHash('sha1').update(`${row.parentId}|${row.perms}`).digest('hex').slice(0, 30)}`;
    if (used.has(id)) throw new DataFileError(`${row.file}: 按钮 ${row.perms} 的编号 ${id} 重复`);
    row.id = id;
    used.add(id);
  }
}

/** Every menu and button row of the menu files, in file order; a repeated id stops start-up. */
export function loadMenuSeed(env: NodeJS.ProcessEnv = process.env): MenuSeed[] {
  const out: MenuSeed[] = [];
  const pending: PendingButton[] = [];
  const sources: Sources = { env };
  for (const { file, json } of readDataFiles<MenuFileJson>(menuDirectories(env), 'menus', 'menu'))
    flatten(json.menus, undefined, file, sources, out, pending);
  const used = new Set<string>();
  for (const row of out) {
    if (!row.id) continue;
    if (used.has(row.id)) throw new DataFileError(`${row.file}: 菜单编号 ${row.id} 重复（另见 ${out.find((r) => r.id === row.id)!.file}）`);
    used.add(row.id);
  }
  assignButtonIds(pending, used);
  return out;
}
