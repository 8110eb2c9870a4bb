import type { CSSProperties } from 'react';

export type FixedSide = 'left' | 'right';

export interface FixedPlacement {
  /** `position: sticky` at the column's offset from its side of the scroll area. */
  style: CSSProperties;
  className: string;
}

interface Placeable {
  width: number;
  fixed?: FixedSide;
}

/**
 * Sticky placement of frozen columns, in display order: left ones must come first and right ones last
 * (layoutColumns orders them so). The innermost column of each side carries the edge shadow.
 */
export function fixedPlacements(columns: readonly Placeable[]): (FixedPlacement | undefined)[] {
  const out: (FixedPlacement | undefined)[] = columns.map(() => undefined);
  let left = 0;
  let lastLeft = -1;
  columns.forEach((c, i) => {
    if (c.fixed !== 'left') return;
    out[i] = { style: { position: 'sticky', left, zIndex: 2 }, className: 'eg-fixed' };
    left += c.width;
    lastLeft = i;
  });
  let right = 0;
  let firstRight = -1;
  for (let i = columns.length - 1; i >= 0; i--) {
    if (columns[i].fixed !== 'right') continue;
    out[i] = { style: { position: 'sticky', right, zIndex: 2 }, className: 'eg-fixed' };
    right += columns[i].width;
    firstRight = i;
  }
  if (lastLeft >= 0) out[lastLeft] = { ...(out[lastLeft] as FixedPlacement), className: 'eg-fixed eg-fixed-left-last' };
  if (firstRight >= 0) out[firstRight] = { ...(out[firstRight] as FixedPlacement), className: 'eg-fixed eg-fixed-right-first' };
  return out;
}

/** Left-frozen columns first, right-frozen last, the rest in their declared order. */
export function orderByFixed<T extends { fixed?: FixedSide }>(columns: readonly T[]): T[] {
  return [
    ...columns.filter((c) => c.fixed === 'left'),
    ...columns.filter((c) => c.fixed !== 'left' && c.fixed !== 'right'),
    ...columns.filter((c) => c.fixed === 'right'),
  ];
}
