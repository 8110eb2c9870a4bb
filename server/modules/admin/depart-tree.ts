import type { Db, SysDepart } from '../../db/types';
import { businessError } from '../../core/envelope';
import { toJsonRow, type JsonValue } from '../../core/json';

type Json = Record<string, JsonValue>;

export async function allDeparts(db: Db): Promise<SysDepart[]> {
  return db.selectFrom('sys_depart').selectAll().where('del_flag', '=', '0').orderBy('depart_order').orderBy('org_code').execute();
}

/** SysDepartTreeModel: every column + key, value, title, isLeaf (children only when present). */
export function departNode(d: SysDepart, isLeaf: boolean): Json {
  return { ...toJsonRow(d), key: d.id, value: d.id, title: d.depart_name, isLeaf };
}

function byParent(rows: readonly SysDepart[]): Map<string, SysDepart[]> {
  const map = new Map<string, SysDepart[]>();
  for (const r of rows) map.set(r.parent_id ?? '', [...(map.get(r.parent_id ?? '') ?? []), r]);
  return map;
}

function rootsOf(rows: readonly SysDepart[]): SysDepart[] {
  const ids = new Set(rows.map((r) => r.id));
  return rows.filter((r) => !r.parent_id || !ids.has(r.parent_id));
}

export function departTree(rows: readonly SysDepart[], shape: (d: SysDepart, isLeaf: boolean) => Json = departNode): Json[] {
  const children = byParent(rows);
  const build = (d: SysDepart): Json => {
    const kids = children.get(d.id) ?? [];
    const node = shape(d, kids.length === 0);
    if (kids.length) node.children = kids.map(build);
    return node;
  };
  return rootsOf(rows).map(build);
}

export function departDescendants(rows: readonly SysDepart[], ids: readonly string[]): string[] {
  const children = byParent(rows);
  const out = new Set<string>();
  const visit = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const c of children.get(id) ?? []) visit(c.id);
  };
  ids.forEach(visit);
  return [...out];
}

/** Department codes as JeecgBoot's YouBianCodeUtil makes them: A01 … A99, B01 … Z99 per level. */
export function nextSegment(last: string | null): string {
  if (!last) return 'A01';
  const letter = last.charCodeAt(0);
  const num = Number(last.slice(1));
  if (num < 99) return `${last[0]}${String(num + 1).padStart(2, '0')}`;
  if (letter >= 90) throw businessError('编码已用尽，无法继续添加');
  return `${String.fromCharCode(letter + 1)}01`;
}

/** The next hierarchical code under `parentCode` ('' for top level) given the codes already used there. */
export function nextChildCode(parentCode: string, siblingCodes: readonly string[]): string {
  const own = siblingCodes
    .filter((c) => c.length === parentCode.length + 3 && c.startsWith(parentCode) && /^[A-Z]\d{2}$/.test(c.slice(parentCode.length)))
    .map((c) => c.slice(parentCode.length))
    .sort();
  return parentCode + nextSegment(own.length ? own[own.length - 1] : null);
}
