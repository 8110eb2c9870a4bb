import type { ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';

export const POPOVER_FLIP_SPACE = 350;
export const OPEN_RETRIES = 3;
export const RETRY_DELAY_MS = 100;
export const OPEN_FAILED_MESSAGE = '打开子表失败';

export interface SubFormPlacement {
  rowId: string;
  top: number;
  placement: 'top' | 'bottom';
}

/** Place the popover under the row, or above it when less than 350 px remain below the click. */
export function placeSubForm(rowTop: number, rowHeight: number, spaceBelow: number): { top: number; placement: 'top' | 'bottom' } {
  if (spaceBelow < POPOVER_FLIP_SPACE) return { top: rowTop, placement: 'top' };
  return { top: rowTop + rowHeight, placement: 'bottom' };
}

export function SubFormPopover({
  at,
  width,
  onClose,
  children,
}: {
  at: SubFormPlacement;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className="eg-subform"
      role="dialog"
      aria-label="子表"
      style={{
        left: '2%',
        width: `${Math.round(width * 0.96)}px`,
        top: at.top,
        transform: at.placement === 'top' ? 'translateY(-100%)' : undefined,
      }}
      onClick={(e) => e.stopPropagation()}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <strong>子表</strong>
        <CloseOutlined role="button" aria-label="关闭" onClick={onClose} />
      </div>
      {children}
    </div>
  );
}
