import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { message } from 'antd';
import type { RowSelectionState } from '@tanstack/react-table';
import type { EditableGridProps } from '../props';
import type { AddRowSettings, GridColumn, GridRow, SetValuesItem, ValueChangeEvent } from '../types';
import { GridStore } from '../model/store';
import { LinkageOptions, buildLinkageChains } from '../model/linkage';
import { loadAddRowSettings, normaliseAddRowSettings, saveAddRowSettings } from '../model/addRowSettings';
import { resolveInsertIndex } from '../model/rowOps';
import type { ActiveCell, RowActions } from './GridRowView';
import { isRowDisabled } from './disabledRows';

export const INSERT_THROTTLE_MS = 1500;
export const CLICK_THROTTLE_MS = 300;
export const HIGHLIGHT_MS = 1400;
export const TOO_FAST_MESSAGE = '你点击的太快了，请慢点点击!';

function sameRows(a: readonly GridRow[] | undefined, b: readonly GridRow[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (!x || !y) return false;
    const keys = Object.keys(y);
    if (Object.keys(x).length !== keys.length) return false;
    for (const k of keys) if (x[k] !== y[k]) return false;
  }
  return true;
}

/** State and behaviour of one grid, independent of how it is drawn. */
export function useGridController(
  props: EditableGridProps,
  columns: GridColumn[],
  onRowClick: (rowId: string, target: HTMLElement) => void = () => {},
) {
  const rowKey = props.rowKey ?? 'id';
  const sortKey = props.dragSort ? (props.dragSortKey ?? 'orderNum') : null;
  const incoming = props.value ?? props.dataSource;
  const [store] = useState(() => {
    const s = new GridStore({ rowKey, columns, sortKey, editRules: props.editRules });
    s.load(incoming ?? []);
    return s;
  });
  store.columns = columns;
  store.sortKey = sortKey;
  store.editRules = props.editRules ?? {};
  const version = useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);

  const latest = useRef(props);
  latest.current = props;
  const lastEmitted = useRef<GridRow[] | undefined>(incoming);
  const seenIncoming = useRef(incoming);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState<ActiveCell | null>(null);
  const [focused, setFocused] = useState<{ rowId: string; key: string } | null>(null);
  const editOrigin = useRef<{ rowId: string; key: string; value: unknown } | null>(null);
  /** The editor closed by Esc: its blur must not commit what was typed. */
  const cancelled = useRef<{ rowId: string; key: string } | null>(null);
  const [linkageVersion, setLinkageVersion] = useState(0);
  const [linkage] = useState(() => new LinkageOptions(() => setLinkageVersion((v) => v + 1)));
  const highlights = useRef(new Map<string, Set<string>>());
  const [addSettings, setAddSettings] = useState<AddRowSettings>(() => loadAddRowSettings());
  const lastInsertAt = useRef(0);
  const lastAddClickAt = useRef(0);
  const scrollToIndex = useRef<(index: number) => void>(() => {});

  linkage.setChains(buildLinkageChains(columns, props.linkageConfig ?? []));

  if (incoming !== seenIncoming.current) {
    seenIncoming.current = incoming;
    // a form (Formily) hands back what the grid emitted as a copy: same rows, no reload (keeps errors and new-row state)
    if (incoming !== lastEmitted.current && !sameRows(incoming, lastEmitted.current)) {
      store.load(incoming ?? [], { silent: true });
      lastEmitted.current = incoming;
    }
  }

  const emit = () => {
    const snap = store.snapshot();
    lastEmitted.current = snap;
    latest.current.onChange?.(snap);
  };

  const getOptions = useMemo(() => {
    void linkageVersion;
    return (column: GridColumn, row: GridRow) => (linkage.isLinked(column.key) ? linkage.get(column, row) : column.options);
  }, [linkage, linkageVersion]);

  const pruneSelection = () =>
    setSelection((sel) => {
      const next: RowSelectionState = {};
      for (const id of Object.keys(sel)) if (store.getRow(id)) next[id] = sel[id];
      return next;
    });

  const insertRows = (partials: GridRow[], index: number) => {
    const created = store.insert(partials, index);
    emit();
    latest.current.onInserted?.({ rows: created, insertIndex: index });
    return created;
  };

  const addRows = (partials: GridRow[] = [{}], options: { index?: number; scrollToBottom?: boolean } = {}) => {
    const index = options.index ?? store.rows.length;
    const created = store.insert(partials, index);
    emit();
    latest.current.onAdded?.(created);
    const target = options.scrollToBottom ? store.rows.length - 1 : index + created.length - 1;
    setTimeout(() => scrollToIndex.current(target), 0);
    return created;
  };

  /** The 新增 button: add-row settings decide how many rows and where; fast repeated inserts are refused. */
  const onAddClick = () => {
    const now = Date.now();
    if (now - lastAddClickAt.current < CLICK_THROTTLE_MS) return;
    lastAddClickAt.current = now;
    const s = normaliseAddRowSettings(addSettings, store.rows.length);
    const partials = Array.from({ length: s.addRowNum }, () => ({}));
    if (s.addIndex > 0 && s.addIndex < store.rows.length) {
      if (now - lastInsertAt.current < INSERT_THROTTLE_MS) return void message.warning(TOO_FAST_MESSAGE);
      lastInsertAt.current = now;
      insertRows(partials, resolveInsertIndex(s.addIndex, store.rows.length));
      if (s.addScrollToBottom) setTimeout(() => scrollToIndex.current(store.rows.length - 1), 0);
      return;
    }
    addRows(partials, { scrollToBottom: true });
  };

  const insertBelow = (rowIndex: number) => {
    const now = Date.now();
    if (now - lastInsertAt.current < INSERT_THROTTLE_MS) return void message.warning(TOO_FAST_MESSAGE);
    lastInsertAt.current = now;
    insertRows([{}], rowIndex + 1);
  };

  const removeRows = (ids: string[]) => {
    const removed = store.remove(ids);
    pruneSelection();
    emit();
    return removed;
  };

  const removeSelection = () => {
    const ids = Object.keys(selection).filter((id) => selection[id]);
    const existing = ids.filter((id) => !store.isNew(id));
    const deleteRows = existing.map((id) => ({ ...(store.getRow(id) as GridRow) }));
    const { asyncRemove, onRemove } = latest.current;
    if (asyncRemove && existing.length) {
      removeRows(ids.filter((id) => store.isNew(id)));
      onRemove?.({ deleteRows, confirmRemove: () => removeRows(existing) });
      return;
    }
    removeRows(ids);
    if (deleteRows.length || !asyncRemove) onRemove?.({ deleteRows });
  };

  const highlight = (rowId: string, keys: string[]) => {
    const set = highlights.current.get(rowId) ?? new Set<string>();
    keys.forEach((k) => set.add(k));
    highlights.current.set(rowId, set);
    store.notify();
    setTimeout(() => {
      keys.forEach((k) => set.delete(k));
      if (set.size === 0) highlights.current.delete(rowId);
      store.notify();
    }, HIGHLIGHT_MS);
  };

  /** handle.setValues: write the values, then report each changed cell with isSetValues. */
  const setValues = (items: readonly SetValuesItem[]) => {
    const changes: ValueChangeEvent[] = [];
    for (const { rowKey: id, values } of items) {
      const row = store.getRow(id);
      if (!row) continue;
      for (const key of Object.keys(values)) {
        const column = key === rowKey ? undefined : columns.find((c) => c.key === key);
        if (column && row[key] !== values[key]) {
          changes.push({ row, column, value: values[key], oldValue: row[key], rowIndex: -1, isSetValues: true });
        }
      }
    }
    store.setValues(items);
    emit();
    const onValueChange = latest.current.onValueChange;
    for (const e of changes) onValueChange?.({ ...e, rowIndex: store.indexOf(store.idOf(e.row)) });
  };

  const finishEdit = (rowId: string, key: string) => setActive((a) => (a && a.rowId === rowId && a.key === key ? null : a));

  const impl: RowActions = {
    activate: (rowId, key, typed) => {
      editOrigin.current = { rowId, key, value: store.getRow(rowId)?.[key] };
      cancelled.current = null;
      // the typed key is a draft: Esc puts back the value above
      if (typed?.as === 'value') store.setCell(rowId, key, typed.text, true);
      setFocused({ rowId, key });
      setActive({ rowId, key, search: typed?.as === 'search' ? typed.text : undefined });
    },
    focus: (rowId, key) => setFocused((f) => (f && f.rowId === rowId && f.key === key ? f : { rowId, key })),
    cancel: (rowId, key) => {
      const origin = editOrigin.current;
      if (origin && origin.rowId === rowId && origin.key === key) store.setCell(rowId, key, origin.value, true);
      cancelled.current = { rowId, key };
      editOrigin.current = null;
      finishEdit(rowId, key);
      store.notify();
    },
    draft: (rowId, key, value) => {
      store.setCell(rowId, key, value, true);
    },
    clear: (rowId, key) => {
      const current = store.getRow(rowId)?.[key];
      if (current == null || current === '') return;
      cancelled.current = null;
      editOrigin.current = null;
      impl.commit(rowId, key, '', true);
    },
    commit: (rowId, key, value, finish) => {
      const row = store.getRow(rowId);
      if (!row) return;
      const dropped = cancelled.current;
      if (dropped && dropped.rowId === rowId && dropped.key === key) return;
      const origin = editOrigin.current;
      const before = origin && origin.rowId === rowId && origin.key === key ? origin.value : row[key];
      store.setCell(rowId, key, value, true);
      const changed = before !== value;
      if (changed) for (const dep of linkage.dependents(key)) store.setCell(rowId, dep, '', true);
      store.validateCell(rowId, key);
      if (finish) {
        editOrigin.current = null;
        finishEdit(rowId, key);
      }
      store.notify();
      if (!changed) return;
      editOrigin.current = finish ? null : { rowId, key, value };
      emit();
      const column = columns.find((c) => c.key === key) as GridColumn;
      latest.current.onValueChange?.({ row, column, value, oldValue: before, rowIndex: store.indexOf(rowId) });
    },
    move: (from, to) => {
      if (from === to) return;
      store.move(from, to);
      emit();
      latest.current.onDragged?.({ oldIndex: from, newIndex: to });
    },
    insertBelow,
    rowClick: onRowClick,
    isCellDisabled: (row, column) => !!column.disabled || isRowDisabled(row, latest.current.disabledRows),
    errorOf: (rowId, key) => store.errorOf(rowId, key),
    isHighlighted: (rowId, key) => !!highlights.current.get(rowId)?.has(key),
  };

  const implRef = useRef(impl);
  implRef.current = impl;
  const actions = useMemo<RowActions>(
    () => ({
      activate: (...a) => implRef.current.activate(...a),
      focus: (...a) => implRef.current.focus(...a),
      cancel: (...a) => implRef.current.cancel(...a),
      draft: (...a) => implRef.current.draft(...a),
      clear: (...a) => implRef.current.clear(...a),
      commit: (...a) => implRef.current.commit(...a),
      move: (...a) => implRef.current.move(...a),
      insertBelow: (...a) => implRef.current.insertBelow(...a),
      rowClick: (...a) => implRef.current.rowClick(...a),
      isCellDisabled: (...a) => implRef.current.isCellDisabled(...a),
      errorOf: (...a) => implRef.current.errorOf(...a),
      isHighlighted: (...a) => implRef.current.isHighlighted(...a),
    }),
    [],
  );

  useEffect(() => {
    const { onSelectRowChange, rowSelectionType } = latest.current;
    if (!onSelectRowChange) return;
    const ids = Object.keys(selection).filter((id) => selection[id]);
    onSelectRowChange({
      type: rowSelectionType ?? 'checkbox',
      selectedRowIds: ids,
      selectedRows: ids.map((id) => store.getRow(id)).filter((r): r is GridRow => !!r),
    });
  }, [selection, store]);

  return {
    store,
    version,
    rowKey,
    selection,
    setSelection,
    active,
    focused,
    actions,
    impl: implRef,
    getOptions,
    linkage,
    addSettings,
    setAddSettings,
    saveAddSettings: () => (saveAddRowSettings(addSettings), message.success('保存成功')),
    onAddClick,
    addRows,
    insertRows,
    removeRows,
    removeSelection,
    highlight,
    emit,
    scrollToIndex,
    setValues,
  };
}

export type GridController = ReturnType<typeof useGridController>;
