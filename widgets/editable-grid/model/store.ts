import type { GridColumn, GridRow, GridValidationError, SetValuesItem, ValidationRule } from '../types';
import { buildNewRow, createTempIdFactory, moveItem, renumber } from './rowOps';
import {
  checkCell,
  compileColumn,
  findDuplicates,
  validateRowsDeferred,
  type CheckResult,
  type MaybePromise,
} from '../validation/validate';

export interface GridStoreOptions {
  rowKey?: string;
  columns: GridColumn[];
  /** When set, structural changes rewrite this field 1..n (drag sort). */
  sortKey?: string | null;
  editRules?: Record<string, ValidationRule[]>;
}

/**
 * Rows, new/deleted bookkeeping, validation errors and selection of one grid.
 * Row objects are owned by the store and edited in place, so a cell edit does not
 * rebuild the table model; structural changes (add/remove/move/load) produce a new array.
 */
export class GridStore {
  rows: GridRow[] = [];
  readonly rowKey: string;
  columns: GridColumn[];
  sortKey: string | null;
  editRules: Record<string, ValidationRule[]>;
  /**
   * Column keys never validated: columns the auth prefix removes and hidden ones (no cell could show the error).
   * Their values stay in the rows.
   */
  unvalidated: ReadonlySet<string> = new Set();
  /** Bumped by every full validation, so a slow handler's answer cannot overwrite a newer one. */
  private validation = 0;
  private deleted: GridRow[] = [];
  private readonly newId = createTempIdFactory();
  private readonly newIds = new Set<string>();
  /** rowId -> columnKey -> message */
  readonly errors = new Map<string, Map<string, string>>();
  private listeners = new Set<() => void>();
  /** rowId -> row, rebuilt on first lookup after the rows array changed. */
  private byId: Map<string, GridRow> | null = null;
  private byIdFor: GridRow[] | null = null;
  version = 0;

  constructor(options: GridStoreOptions) {
    this.rowKey = options.rowKey ?? 'id';
    this.columns = options.columns;
    this.sortKey = options.sortKey ?? null;
    this.editRules = options.editRules ?? {};
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  notify(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  idOf(row: GridRow): string {
    return String(row[this.rowKey]);
  }

  isNew(rowId: string): boolean {
    return this.newIds.has(rowId);
  }

  indexOf(rowId: string): number {
    return this.rows.findIndex((r) => this.idOf(r) === rowId);
  }

  getRow(rowId: string): GridRow | undefined {
    if (this.byIdFor !== this.rows || !this.byId) {
      this.byId = new Map();
      for (const r of this.rows) this.byId.set(this.idOf(r), r);
      this.byIdFor = this.rows;
    }
    return this.byId.get(rowId);
  }

  /** Replace all rows with existing (saved) rows. */
  load(rows: readonly GridRow[], options: { asNew?: boolean; silent?: boolean } = {}): void {
    const asNew = !!options.asNew;
    this.newIds.clear();
    this.deleted = [];
    this.errors.clear();
    this.rows = rows.map((r) => {
      const copy = { ...r };
      if (asNew || copy[this.rowKey] == null || copy[this.rowKey] === '') {
        if (copy[this.rowKey] == null || copy[this.rowKey] === '') copy[this.rowKey] = this.newId();
        this.newIds.add(this.idOf(copy));
      }
      return copy;
    });
    this.afterStructuralChange(options.silent);
  }

  /** `silent`: bump the version without calling listeners (used while React renders). */
  private afterStructuralChange(silent = false): void {
    if (this.sortKey) renumber(this.rows, this.sortKey);
    if (silent) this.version++;
    else this.notify();
  }

  /** Insert new rows (defaults filled) at `index` (default: bottom). Returns the created rows. */
  insert(partials: readonly GridRow[], index = this.rows.length): GridRow[] {
    const created: GridRow[] = [];
    const base = this.rows;
    for (const p of partials) {
      const row = buildNewRow(p, this.columns, base.concat(created), this.rowKey, this.newId);
      this.newIds.add(this.idOf(row));
      created.push(row);
    }
    const at = Math.max(0, Math.min(index, base.length));
    this.rows = [...base.slice(0, at), ...created, ...base.slice(at)];
    this.afterStructuralChange();
    return created;
  }

  remove(rowIds: readonly string[]): GridRow[] {
    const ids = new Set(rowIds);
    const removed: GridRow[] = [];
    const kept: GridRow[] = [];
    for (const r of this.rows) {
      if (ids.has(this.idOf(r))) removed.push(r);
      else kept.push(r);
    }
    for (const r of removed) {
      const id = this.idOf(r);
      if (this.newIds.has(id)) this.newIds.delete(id);
      else this.deleted.push(r);
      this.errors.delete(id);
    }
    this.rows = kept;
    if (removed.length) {
      this.revalidateUniqueColumns();
      this.afterStructuralChange();
    }
    return removed;
  }

  move(from: number, to: number): void {
    this.rows = moveItem(this.rows, from, to);
    this.afterStructuralChange();
  }

  /** Edit one cell in place. `silent` skips listeners (typing in an editor). Returns the old value. */
  setCell(rowId: string, key: string, value: unknown, silent = false): unknown {
    const row = this.getRow(rowId);
    if (!row) return undefined;
    const old = row[key];
    row[key] = value;
    if (!silent) this.notify();
    return old;
  }

  setValues(items: readonly SetValuesItem[]): void {
    for (const { rowKey, values } of items) {
      const row = this.getRow(rowKey);
      if (row) Object.assign(row, values, { [this.rowKey]: row[this.rowKey] });
    }
    this.notify();
  }

  private compiled(key: string) {
    if (this.unvalidated.has(key)) return null;
    const column = this.columns.find((c) => c.key === key);
    return column ? compileColumn(column, this.editRules[column.key]) : null;
  }

  private validatedColumns(): GridColumn[] {
    return this.columns.filter((c) => !this.unvalidated.has(c.key) && !c.hidden && c.type !== 'hidden');
  }

  /** Record a cell's result; an answer that comes later is kept only if the cell still holds the checked value. */
  private settle(rowId: string, key: string, result: MaybePromise<CheckResult>): CheckResult {
    if (typeof result === 'string' || result === null) {
      this.setError(rowId, key, result);
      return result;
    }
    const checked = this.getRow(rowId)?.[key];
    const round = this.validation;
    void result.then((message) => {
      if (this.validation !== round || this.getRow(rowId)?.[key] !== checked) return;
      this.setError(rowId, key, message);
      this.notify();
    });
    return this.errors.get(rowId)?.get(key) ?? null;
  }

  private setError(rowId: string, key: string, message: string | null): void {
    let map = this.errors.get(rowId);
    if (message) {
      if (!map) this.errors.set(rowId, (map = new Map()));
      map.set(key, message);
    } else if (map) {
      map.delete(key);
      if (map.size === 0) this.errors.delete(rowId);
    }
  }

  /** Validate one cell (after an edit); unique columns re-check every row of that column. */
  validateCell(rowId: string, key: string): string | null {
    const compiled = this.compiled(key);
    if (!compiled || compiled.checks.length === 0) return null;
    if (compiled.unique) {
      this.validateColumn(key);
      return this.errors.get(rowId)?.get(key) ?? null;
    }
    const row = this.getRow(rowId);
    if (!row) return null;
    return this.settle(rowId, key, checkCell(compiled, row, this.rows, null));
  }

  private validateColumn(key: string): void {
    const compiled = this.compiled(key);
    if (!compiled) return;
    const dup = compiled.unique ? findDuplicates(this.rows, key) : null;
    for (const row of this.rows) this.settle(this.idOf(row), key, checkCell(compiled, row, this.rows, dup));
  }

  private revalidateUniqueColumns(): void {
    for (const c of this.validatedColumns()) {
      if (this.errors.size === 0) return;
      const compiled = compileColumn(c, this.editRules[c.key]);
      if (compiled.unique) this.validateColumn(c.key);
    }
  }

  /**
   * Validate every row (or the given ones), replace the error map and notify. Returns the errors known at once;
   * when a handler answers with a Promise, `pending` resolves to every error after it has been applied.
   */
  validateDeferred(rowIds?: readonly string[]): { errors: GridValidationError[]; pending: Promise<GridValidationError[]> | null } {
    const round = ++this.validation;
    const wanted = rowIds ? new Set(rowIds) : null;
    const only = (list: GridValidationError[]) => (wanted ? list.filter((e) => wanted.has(e.rowId)) : list);
    const apply = (list: GridValidationError[]) => {
      this.errors.clear();
      for (const e of list) this.setError(e.rowId, e.columnKey, e.message);
      this.notify();
      return list;
    };
    const result = validateRowsDeferred(this.rows, this.validatedColumns(), this.rowKey, this.editRules);
    const errors = apply(only(result.errors));
    const pending = result.pending?.then((all) => (this.validation === round ? apply(only(all)) : only(all))) ?? null;
    return { errors, pending };
  }

  validate(rowIds?: readonly string[]): GridValidationError[] {
    return this.validateDeferred(rowIds).errors;
  }

  /** Like `validate`, waiting for handlers that answer with a Promise. */
  validateAsync(rowIds?: readonly string[]): Promise<GridValidationError[]> {
    const { errors, pending } = this.validateDeferred(rowIds);
    return pending ?? Promise.resolve(errors);
  }

  errorOf(rowId: string, key: string): string | undefined {
    return this.errors.get(rowId)?.get(key);
  }

  /** Rows as plain copies; new rows lose their temporary id. */
  snapshot(rowIds?: readonly string[]): GridRow[] {
    const wanted = rowIds ? new Set(rowIds) : null;
    const out: GridRow[] = [];
    for (const r of this.rows) {
      const id = this.idOf(r);
      if (wanted && !wanted.has(id)) continue;
      const copy = { ...r };
      if (this.newIds.has(id)) delete copy[this.rowKey];
      out.push(copy);
    }
    return out;
  }

  newRows(): GridRow[] {
    return this.snapshot([...this.newIds]);
  }

  deletedRows(): GridRow[] {
    return this.deleted.map((r) => ({ ...r }));
  }
}
