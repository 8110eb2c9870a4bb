import positionPage from '../../../schemas/system/SysPositionList.json';
import type { ListPage } from '@contract/schema-types.gen';

export const positionSchema = positionPage as unknown as ListPage;

export const RANKS = [
  { value: '1', text: '员级' },
  { value: '2', text: '助级' },
  { value: '3', text: '中级' },
];

export function positions(count: number, start = 0) {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${start + i + 1}`,
    code: `C${start + i + 1}`,
    name: `职务${start + i + 1}`,
    postRank: String((i % 3) + 1),
  }));
}
