import type { ReactNode } from 'react';
import type {
  GridColumn,
  GridPagination,
  GridRow,
  GridSize,
  LinkageConfig,
  RemoveEvent,
  SlotContext,
  ValidationRule,
  ValueChangeEvent,
} from './types';
import type { ToolbarButton } from './parts/Toolbar';
import type { VxeSocketUrlFactory } from './socket/useVxeSocket';

export interface SelectRowChangeEvent {
  type: 'checkbox' | 'radio';
  selectedRowIds: string[];
  selectedRows: GridRow[];
}

export interface DetailsConfirmEvent {
  row: GridRow;
  column?: GridColumn;
  callback: (success: boolean) => void;
}

export interface EditableGridProps {
  columns: GridColumn[];
  /** Rows to show; a new array reloads the grid (rows count as existing unless they lack an id). */
  dataSource?: GridRow[];
  /** Controlled value (Formily array field); wins over dataSource. */
  value?: GridRow[];
  /** Called with every row (new rows without their temporary id) after each committed change. */
  onChange?: (rows: GridRow[]) => void;
  rowKey?: string;
  /** Permission prefix: excluded codes hide columns and toolbar buttons (add, save, remove, batch_delete). */
  authPre?: string;
  excludeCode?: string[];
  toolbar?: boolean;
  toolbarConfig?: { btn?: ToolbarButton[] };
  toolbarPrefix?: ReactNode;
  toolbarSuffix?: ReactNode;
  toolbarCollapsible?: ReactNode;
  /** Show the add-row settings popover next to 新增. */
  addButtonSettings?: boolean;
  rowNumber?: boolean;
  rowSelection?: boolean;
  rowSelectionType?: 'checkbox' | 'radio';
  clickSelectRow?: boolean;
  rowExpand?: boolean;
  renderExpand?: (row: GridRow) => ReactNode;
  dragSort?: boolean;
  dragSortKey?: string;
  height?: number;
  maxHeight?: number;
  rowHeight?: number;
  /** { columnKey: value | values[] }: matching rows are read-only and cannot be selected. */
  disabledRows?: Record<string, unknown>;
  disabled?: boolean;
  size?: GridSize;
  bordered?: boolean;
  loading?: boolean;
  pagination?: GridPagination;
  onPageChange?: (page: { current: number; pageSize: number }) => void;
  clickRowShowSubForm?: boolean;
  renderSubForm?: (row: GridRow) => ReactNode;
  clickRowShowMainForm?: boolean;
  renderMainForm?: (row: GridRow, column?: GridColumn) => ReactNode;
  onDetailsConfirm?: (e: DetailsConfirmEvent) => void;
  alwaysEdit?: boolean;
  editRules?: Record<string, ValidationRule[]>;
  asyncRemove?: boolean;
  linkageConfig?: LinkageConfig[];
  slots?: Record<string, (ctx: SlotContext) => ReactNode>;
  /** Highlight cells a socket update changed (1400 ms); off by default, as in the reference. */
  reloadEffect?: boolean;
  /**
   * Socket sync key: grids on any page bound to the same key see each other's cell edits
   * (rows matched by row key; changed cells highlighted 1400 ms with `reloadEffect`).
   */
  socketKey?: string;
  /** Socket address factory; default: ticket of the signed-in user under the app's API base. */
  socketUrl?: VxeSocketUrlFactory;
  onValueChange?: (e: ValueChangeEvent) => void;
  onAdded?: (rows: GridRow[]) => void;
  onInserted?: (e: { rows: GridRow[]; insertIndex: number }) => void;
  onRemove?: (e: RemoveEvent) => void;
  onSave?: (rows: GridRow[]) => void;
  onSelectRowChange?: (e: SelectRowChangeEvent) => void;
  onDragged?: (e: { oldIndex: number; newIndex: number }) => void;
}
