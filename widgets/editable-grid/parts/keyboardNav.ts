export interface CellPosition {
  row: number;
  col: number;
}

/** Keys that move the keyboard cursor while no editor is open. */
export const MOVE_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Tab', 'Home', 'End'] as const;
export type MoveKey = (typeof MOVE_KEYS)[number];

export function isMoveKey(key: string): key is MoveKey {
  return (MOVE_KEYS as readonly string[]).includes(key);
}

/**
 * Where a key moves the cursor in a rows × cols grid, or null at an edge (Tab past the last cell
 * lets focus leave the grid). Tab runs left to right and wraps to the next row; Shift+Tab backwards.
 * Home/End go to the first/last cell of the row, with Ctrl to the first/last row.
 */
export function nextPosition(
  at: CellPosition,
  key: MoveKey,
  o: { shift?: boolean; ctrl?: boolean; rows: number; cols: number },
): CellPosition | null {
  const { rows, cols } = o;
  if (rows === 0 || cols === 0) return null;
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: clampCol(at.col - 1) };
    case 'ArrowRight':
      return { row: at.row, col: clampCol(at.col + 1) };
    case 'Home':
      return { row: o.ctrl ? 0 : at.row, col: 0 };
    case 'End':
      return { row: o.ctrl ? rows - 1 : at.row, col: cols - 1 };
    case 'Tab': {
      const flat = at.row * cols + at.col + (o.shift ? -1 : 1);
      if (flat < 0 || flat >= rows * cols) return null;
      return { row: Math.floor(flat / cols), col: flat % cols };
    }
  }
}
