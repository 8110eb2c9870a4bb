/**
 * The standard actions of an entity's list page: which endpoint each calls and the permission code
 * it needs (`<permissionPrefix>:<endpoint>`, the code the entity engine checks). Kept as a neutral
 * list so the toolbar/rowActions form of a page and the menu's button rows come from one table.
 */

export type Endpoint = 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'queryById' | 'exportXls' | 'importExcel';

export const ENDPOINTS: readonly Endpoint[] = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'queryById', 'exportXls', 'importExcel'];

export interface StandardAction {
  /** key in the page's toolbar or rowActions */
  key: string;
  place: 'toolbar' | 'row';
  /** the endpoint it calls: shown only when the page has that url, guarded by its permission */
  endpoint?: Endpoint;
}

export const STANDARD_ACTIONS: readonly StandardAction[] = [
  { key: 'add', place: 'toolbar', endpoint: 'add' },
  { key: 'import', place: 'toolbar', endpoint: 'importExcel' },
  { key: 'export', place: 'toolbar', endpoint: 'exportXls' },
  { key: 'batchDelete', place: 'toolbar', endpoint: 'deleteBatch' },
  { key: 'superQuery', place: 'toolbar' },
  { key: 'edit', place: 'row', endpoint: 'edit' },
  { key: 'detail', place: 'row' },
  { key: 'delete', place: 'row', endpoint: 'delete' },
];

/** The permission each endpoint checks (queryById is part of reading the list). */
export function permissionFor(prefix: string, endpoint: Endpoint): string {
  return `${prefix}:${endpoint === 'queryById' ? 'list' : endpoint}`;
}

/** Button rows of a menu, in this order, named "<entity label><verb>" (职务查询, 职务添加 …). */
export const BUTTON_VERBS: ReadonlyArray<readonly [Endpoint, string]> = [
  ['list', '查询'],
  ['add', '添加'],
  ['edit', '编辑'],
  ['delete', '删除'],
  ['deleteBatch', '批量删除'],
  ['exportXls', '导出'],
  ['importExcel', '导入'],
];
