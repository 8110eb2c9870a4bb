import type { ReactNode } from 'react';

/** One grid row: the row key (default `id`) plus column keys; `orderNum` is the default sort field. */
export type GridRow = Record<string, unknown>;

export interface GridOption {
  value: string | number;
  text?: string;
  label?: string;
  title?: string;
  disabled?: boolean;
}

/** Context a custom validation handler receives. */
export interface ValidateContext {
  value: unknown;
  row: GridRow;
  column: GridColumn;
  rows: readonly GridRow[];
}

/** true / undefined / null passes; false or a string fails (the string is the message). */
export type ValidationHandlerResult = boolean | string | null | undefined | void;

/** A custom check; it may answer later (a Promise), e.g. after asking the server. */
export type ValidationHandler = (ctx: ValidateContext) => ValidationHandlerResult | Promise<ValidationHandlerResult>;

/** A cell validation rule. `pattern` is a preset code (`*`, `n6-16`, `money`, `only` …), a RegExp or regex source. */
export interface ValidationRule {
  required?: boolean;
  pattern?: string | RegExp;
  message?: string;
  unique?: boolean;
  /** A function, or the name of one registered with `registerValidationHandler` (JSON schemas). */
  handler?: ValidationHandler | string;
}

export type StatisticsKind = 'sum' | 'average';

export interface TagColorContext {
  tagValue: string;
  value: unknown;
  row: GridRow;
  column: GridColumn;
}

/** An editable grid column and its options. */
export interface GridColumn {
  key: string;
  title: string;
  /** Cell type name (built-in or registered through registerCellType); empty = read-only text. */
  type?: string;
  width?: number;
  minWidth?: number;
  /** Frozen column: stays in view while the grid scrolls sideways (the grid's own columns are frozen left). */
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  placeholder?: string;
  dictCode?: string;
  options?: GridOption[];
  defaultValue?: unknown;
  validateRules?: ValidationRule[];
  /** Checkbox cell: [checkedValue, uncheckedValue]. */
  customValue?: [unknown, unknown];
  defaultChecked?: boolean;
  statistics?: StatisticsKind[];
  /** inputNumber column: new rows get max existing + 1. */
  isOrder?: boolean;
  fieldExtendJson?: string | Record<string, unknown>;
  allowDownload?: boolean;
  allowRemove?: boolean;
  /** File column: maximum number of files (0 = unlimited). */
  number?: number;
  tip?: string;
  /** Next column in a select linkage chain. */
  linkageKey?: string;
  format?: string;
  setTagColor?: (ctx: TagColorContext) => string | [string, string] | undefined;
  allowSearch?: boolean;
  allowInput?: boolean;
  allowClear?: boolean;
  props?: Record<string, unknown>;
  disabled?: boolean;
  hidden?: boolean;
  /** Sortable header (client-side, through the table model). */
  sortable?: boolean;
  /**
   * Upload/file/image: upload url (default `${apiBase}/sys/common/upload`), response field, button text, and
   * whether the upload carries X-Access-Token (`token`, default true: the server refuses anonymous uploads).
   */
  action?: string;
  responseName?: string;
  token?: boolean;
  btnText?: string;
  /** select-dict-search: "table,text,code" and whether to search remotely. */
  dict?: string;
  async?: boolean;
  tipsContent?: string;
  /** Picker columns: stored and displayed fields, multiple choice. */
  store?: string;
  text?: string;
  multi?: boolean;
  /** Popup column: report code and field mapping (comma-joined). */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  /** slot cell: name of a renderer passed in the grid's `slots` prop. */
  slotName?: string;
  showDetails?: boolean;
}

export type GridSize = 'medium' | 'small' | 'mini' | 'tiny';

export interface AddRowSettings {
  addRowNum: number;
  /** 0 = bottom, otherwise insert at this index. */
  addIndex: number;
  addScrollToBottom: boolean;
}

export interface ValueChangeEvent {
  row: GridRow;
  column: GridColumn;
  value: unknown;
  oldValue: unknown;
  rowIndex: number;
  isSetValues?: boolean;
}

export interface RemoveEvent {
  deleteRows: GridRow[];
  /** Present with asyncRemove: call to actually remove the rows. */
  confirmRemove?: () => void;
}

export interface SlotContext {
  value: unknown;
  row: GridRow;
  column: GridColumn;
  rowIndex: number;
  triggerChange: (value: unknown) => void;
}

export interface LinkageConfig {
  /** Top column of the chain. */
  key: string;
  /** Options below a parent value (undefined for the top level). */
  requestData?: (parentValue: unknown) => Promise<GridOption[]>;
  /** Schema (JSON) form: options per parent value, `root` for the top level; used without requestData. */
  optionsByParent?: Record<string, GridOption[]>;
  /** Schema (JSON) form: rows of a registered tree table under the parent value (GET /sys/dict/loadTreeData). */
  treeDict?: LinkageTreeDict;
}

export interface LinkageTreeDict {
  /** "table,text,code" of the tree table */
  dict: string;
  pidField?: string;
  /** parent value of the top column's rows */
  pidValue?: string;
}

export interface GridPagination {
  current?: number;
  pageSize?: number;
  total?: number;
  pageSizeOptions?: string[];
}

export interface SetValuesItem {
  rowKey: string;
  values: GridRow;
}

/** What a failed validation reports: the first failing cell and every error. */
export interface GridValidationError {
  rowId: string;
  rowIndex: number;
  columnKey: string;
  message: string;
}

export interface GetValuesResult {
  error: number;
  values: GridRow[];
  errors: GridValidationError[];
}

/** The imperative handle (React ref) a form uses. */
export interface EditableGridHandle {
  /** Handlers answering with a Promise are not awaited here (their errors show on the cells later): use getValuesAsync. */
  getValues(options?: { validate?: boolean; rowIds?: string[] }): GetValuesResult;
  /** getValues that waits for asynchronous validation handlers. */
  getValuesAsync(options?: { validate?: boolean; rowIds?: string[] }): Promise<GetValuesResult>;
  getAll(): { tableData: GridRow[]; deleteData: GridRow[] };
  getNewData(): GridRow[];
  getDeleteData(): GridRow[];
  /** Changed cells fire onValueChange with `isSetValues: true`. */
  setValues(items: SetValuesItem[]): void;
  addRows(rows?: GridRow | GridRow[], options?: { index?: number; setActive?: boolean }): GridRow[];
  insertRows(rows: GridRow | GridRow[], index: number): GridRow[];
  removeRows(rowIds: string | string[]): void;
  removeSelection(): void;
  clearSelection(): void;
  getSelection(): string[];
  validate(): GridValidationError[];
  validateAsync(): Promise<GridValidationError[]>;
  scrollToRow(index: number): void;
  /** Highlight changed cells (socket update) for the reload effect. */
  highlight(rowId: string, keys: string[]): void;
}

export type { ReactNode };
