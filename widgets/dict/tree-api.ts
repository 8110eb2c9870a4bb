import type { DataProvider } from '@renderer/data/provider';
import { unlessRefused } from '@renderer/data/requestError';

/** A TreeSelectModel row from loadTreeData: key, title, leaf. */
export interface TreeNodeRow {
  key: string;
  title: string;
  leaf: boolean;
  parentId?: string;
}

export const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/** A tree condition must be empty or a JSON object string. */
export function isValidCondition(condition: string | undefined): boolean {
  if (!condition) return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

interface RawTreeRow {
  key?: unknown;
  id?: unknown;
  title?: unknown;
  name?: unknown;
  leaf?: unknown;
  isLeaf?: unknown;
  parentId?: unknown;
}

export function normalizeTreeRows(raw: unknown): TreeNodeRow[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((row: RawTreeRow) => ({
    key: String(row.key ?? row.id ?? ''),
    title: String(row.title ?? row.name ?? row.key ?? ''),
    leaf: row.leaf === true || row.isLeaf === true,
    parentId: row.parentId === undefined || row.parentId === null ? undefined : String(row.parentId),
  }));
}

async function rows(data: DataProvider, url: string, params: Record<string, unknown>): Promise<TreeNodeRow[]> {
  return normalizeTreeRows(await data.getOne<unknown>(url, params));
}

/** Category tree (GET /sys/category/loadTreeData): roots by pcode, children by pid. */
export function loadCategoryChildren(data: DataProvider, pid: string | null, pcode: string, condition?: string) {
  return pid === null
    ? rows(data, '/sys/category/loadTreeData', { pid: '', pcode, condition: condition ?? '' })
    : rows(data, '/sys/category/loadTreeData', { pid, condition: condition ?? '' });
}

/** Category names for ids: GET /sys/category/loadDictItem/?ids=a,b. */
export async function loadCategoryNames(data: DataProvider, ids: string): Promise<string[]> {
  return (await unlessRefused(data.getTree<unknown>('/sys/category/loadDictItem', { ids }), [])).map(String);
}

export interface TableTreeDict {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  condition?: string;
}

/** Table-dictionary tree: GET /sys/dict/loadTreeData. */
export function loadTableTreeChildren(data: DataProvider, pid: string, dict: TableTreeDict) {
  return rows(data, '/sys/dict/loadTreeData', {
    pid,
    tableName: dict.tableName,
    text: dict.text,
    code: dict.code,
    pidField: dict.pidField,
    hasChildField: dict.hasChildField ?? '',
    condition: dict.condition ?? '',
  });
}
