import { Dropdown } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { GRID_Z_INDEX } from './layout';

export interface RowHandleProps {
  rowIndex: number;
  rowCount: number;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onInsertBelow: (rowIndex: number) => void;
}

export const DRAG_MIME = 'application/x-editable-grid-row';

/** Drag handle: drag onto another row to move it; the menu moves it up/down or inserts a row below. */
export function RowHandle({ rowIndex, rowCount, disabled, onMove, onInsertBelow }: RowHandleProps) {
  return (
    <Dropdown
      trigger={['click']}
      overlayStyle={{ zIndex: GRID_Z_INDEX }}
      disabled={disabled}
      menu={{
        items: [
          { key: 'up', label: '向上移', disabled: rowIndex === 0, onClick: () => onMove(rowIndex, rowIndex - 1) },
          { key: 'down', label: '向下移', disabled: rowIndex === rowCount - 1, onClick: () => onMove(rowIndex, rowIndex + 1) },
          { key: 'insert', label: '插入一行', onClick: () => onInsertBelow(rowIndex) },
        ],
      }}
    >
      <span
        className="eg-drag"
        role="button"
        aria-label="拖动排序"
        draggable={!disabled}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_MIME, String(rowIndex));
          e.dataTransfer.effectAllowed = 'move';
        }}
      >
        <HolderOutlined />
      </span>
    </Dropdown>
  );
}
