import type { GridSize } from '../types';

/** antd control size for a grid size. */
export function controlSize(size: GridSize): 'middle' | 'small' {
  return size === 'medium' ? 'middle' : 'small';
}
