import { forwardRef, useMemo, useRef, useState } from 'react';
import { Pagination, Spin, message } from 'antd';
import { getSortedRowModel, useReactTable, type ExpandedState, type SortingState } from '@tanstack/react-table';
import { getLazyCoreRowModel } from './parts/lazyRowModel';
import type { EditableGridProps } from './props';
import type { EditableGridHandle, GridColumn, GridRow } from './types';
import { installBuiltinCells } from './cells/builtins';
import { getCellType } from './cells/registry';
import { GridContext, useOptionalRenderer, type GridContextValue } from './parts/gridContext';
import { useDictColumns } from './parts/useDictColumns';
import { useGridController } from './parts/useGridController';
import { buildHandle, useGridHandle } from './parts/useGridHandle';
import { useGridSocket } from './socket/useGridSocket';
import { layoutColumns, toColumnDefs, type GridTableMeta } from './parts/columnDefs';
import { excludedCodes, MAX_HEIGHT, ROW_HEIGHT } from './parts/layout';
import { resolveColumnProps } from './model/columnProps';
import { PickerLabels } from './adapters/pickerLabels';
import { isRowDisabled } from './parts/disabledRows';
import { injectGridStyles } from './parts/styles';
import { GridBody } from './parts/GridBody';
import { Toolbar, type ToolbarButton } from './parts/Toolbar';
import {
  OPEN_FAILED_MESSAGE,
  OPEN_RETRIES,
  RETRY_DELAY_MS,
  SubFormPopover,
  placeSubForm,
  type SubFormPlacement,
} from './parts/SubFormPopover';
import { DetailsModal } from './parts/DetailsModal';
import { RowDetails } from './parts/RowDetails';
import { withTreeRequests } from './adapters/treeLinkage';

installBuiltinCells();

const DEFAULT_BUTTONS: ToolbarButton[] = ['add', 'remove', 'clearSelection'];

/** The editable grid: schema-configured columns, virtualised rows, one editor at a time. */
export const EditableGrid = forwardRef<EditableGridHandle, EditableGridProps>(function EditableGrid(props, ref) {
  injectGridStyles();
  const services = useOptionalRenderer();
  const size = props.size ?? 'medium';
  const rowHeight = props.rowHeight ?? ROW_HEIGHT;
  const excluded = useMemo(
    () => excludedCodes(props.authPre, services?.excludedCodes, props.excludeCode),
    [props.authPre, services, props.excludeCode],
  );
  const visibleColumns = useMemo(
    () => props.columns.filter((c) => !c.hidden && c.type !== 'hidden' && !excluded.has(c.key)),
    [props.columns, excluded],
  );
  const resolvedColumns = useMemo(() => props.columns.map(resolveColumnProps), [props.columns]);
  const allColumns = useDictColumns(resolvedColumns, services?.data);
  // excluded and hidden columns: no cell can show their errors, so they never block a save
  const unvalidated = useMemo(
    () => new Set(props.columns.filter((c) => !visibleColumns.includes(c)).map((c) => c.key)),
    [props.columns, visibleColumns],
  );
  const dataColumns = useMemo(() => {
    const byKey = new Map(allColumns.map((c) => [c.key, c]));
    return visibleColumns.map((c) => byKey.get(c.key) ?? c);
  }, [allColumns, visibleColumns]);

  // schema-declared grids (no functions in JSON) get a read-only summary of the row
  const renderSubForm =
    props.renderSubForm ?? (props.clickRowShowSubForm ? (row: GridRow) => <RowDetails row={row} columns={dataColumns} /> : undefined);
  const [subForm, setSubForm] = useState<SubFormPlacement | null>(null);
  const [details, setDetails] = useState<{ rowId: string; column?: GridColumn } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const openSubForm = (rowId: string, clickY: number, attempt = 0) => {
    const container = rootRef.current?.querySelector('.eg-scroll');
    const rowEl = container?.querySelector(`[data-row-id="${CSS.escape(rowId)}"]`);
    if (!container || !rowEl) {
      if (attempt >= OPEN_RETRIES) return void message.error(OPEN_FAILED_MESSAGE);
      return void setTimeout(() => openSubForm(rowId, clickY, attempt + 1), RETRY_DELAY_MS);
    }
    const rect = rowEl.getBoundingClientRect();
    const box = container.getBoundingClientRect();
    const rowTop = rect.top - box.top + container.scrollTop;
    const spaceBelow = window.innerHeight - Math.max(clickY, rect.bottom);
    setSubForm({ rowId, ...placeSubForm(rowTop, rowHeight, spaceBelow) });
  };

  const onRowClick = (rowId: string, target: HTMLElement) => {
    if (target.closest('[data-internal]')) return;
    const cell = target.closest('[role="gridcell"]');
    const key = cell?.getAttribute('data-key') ?? undefined;
    const column = key ? dataColumns.find((c) => c.key === key) : undefined;
    if (props.clickSelectRow) controller.table?.getRow(rowId)?.toggleSelected();
    if (props.clickRowShowSubForm && renderSubForm) {
      const editable = column && getCellType(column.type)?.mode !== 'cell' && !cell?.classList.contains('eg-td-disabled');
      if (editable || subForm?.rowId === rowId) setSubForm(null);
      else openSubForm(rowId, target.getBoundingClientRect().bottom);
    }
    if ((props.clickRowShowMainForm || column?.showDetails) && props.renderMainForm) setDetails({ rowId, column });
  };

  const socket = useGridSocket(props.socketKey, services, props.rowKey ?? 'id', props.socketUrl, !!props.reloadEffect);
  const linkageConfig = useMemo(() => withTreeRequests(props.linkageConfig, services?.data), [props.linkageConfig, services?.data]);
  const controllerProps = useMemo<EditableGridProps>(() => {
    const base = linkageConfig === props.linkageConfig ? props : { ...props, linkageConfig };
    return props.socketKey
      ? {
          ...base,
          // values set through the handle (a socket update among them) are not sent back out
          onValueChange: (e) => (e.isSetValues || socket.send(e.row), props.onValueChange?.(e)),
        }
      : base;
    // the controller reads the latest props on every call
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props, linkageConfig]);
  const controller = Object.assign(useGridController(controllerProps, allColumns, onRowClick), {
    table: undefined as ReturnType<typeof useReactTable<GridRow>> | undefined,
  });
  const { store } = controller;
  store.unvalidated = unvalidated;
  useGridHandle(ref, controller);
  (socket.handle as { current: EditableGridHandle | null }).current = buildHandle(controller);

  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [sorting, setSorting] = useState<SortingState>([]);
  const laidOut = useMemo(
    () => layoutColumns(dataColumns, props),
    // layoutColumns reads only the props listed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataColumns, props.dragSort, props.rowNumber, props.rowSelection, props.rowSelectionType, props.rowExpand],
  );
  const columnDefs = useMemo(() => toColumnDefs(laidOut, !props.dragSort), [laidOut, props.dragSort]);
  const meta = useMemo<GridTableMeta>(() => {
    const selectable = props.disabled ? [] : store.rows.filter((r) => !isRowDisabled(r, props.disabledRows));
    const selectedCount = selectable.reduce((n, r) => n + (controller.selection[String(r[controller.rowKey])] ? 1 : 0), 0);
    return {
      allSelected: selectable.length > 0 && selectedCount === selectable.length,
      someSelected: selectedCount > 0,
      toggleAll: (checked) =>
        controller.setSelection(checked ? Object.fromEntries(selectable.map((r) => [String(r[controller.rowKey]), true])) : {}),
    };
    // the version changes whenever rows change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller.selection, controller.version, props.disabled, props.disabledRows, store]);
  const [lazyCore] = useState(() => getLazyCoreRowModel<GridRow>());
  const [sortedModel] = useState(() => getSortedRowModel<GridRow>());
  const table = useReactTable<GridRow>({
    data: store.rows,
    columns: columnDefs,
    getRowId: (r) => String(r[controller.rowKey]),
    getCoreRowModel: lazyCore,
    getSortedRowModel: sortedModel,
    getRowCanExpand: () => !!props.rowExpand,
    enableRowSelection: (row) => !props.disabled && !isRowDisabled(row.original, props.disabledRows),
    enableMultiRowSelection: props.rowSelectionType !== 'radio',
    meta,
    state: { rowSelection: controller.selection, expanded, sorting },
    onRowSelectionChange: controller.setSelection,
    onExpandedChange: setExpanded,
    onSortingChange: setSorting,
  });
  controller.table = table;

  const pickerLabels = useMemo(() => new PickerLabels(services?.data), [services?.data]);
  const context = useMemo<GridContextValue>(
    () => ({
      services,
      pickerLabels,
      getOptions: controller.getOptions,
      slots: props.slots ?? {},
      setRowValues: (rowId, values) => {
        store.setValues([{ rowKey: rowId, values }]);
        controller.emit();
      },
    }),
    // emit reads only the store and refs, so the first copy of it stays right
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services, pickerLabels, controller.getOptions, props.slots, store],
  );

  const selectedCount = Object.values(controller.selection).filter(Boolean).length;
  const subFormRow = subForm ? store.getRow(subForm.rowId) : undefined;
  const detailsRow = details ? store.getRow(details.rowId) : undefined;
  const pagination = props.pagination && Object.keys(props.pagination).length ? props.pagination : null;

  return (
    <GridContext.Provider value={context}>
      <div ref={rootRef} className={`eg eg-size-${size}${props.bordered ? ' eg-bordered' : ''}`}>
        {props.toolbar && (
          <Toolbar
            buttons={props.toolbarConfig?.btn ?? DEFAULT_BUTTONS}
            excluded={excluded}
            selectedCount={selectedCount}
            disabled={!!props.disabled}
            size={size}
            prefix={props.toolbarPrefix}
            suffix={props.toolbarSuffix}
            collapsible={props.toolbarCollapsible}
            addSettings={
              props.addButtonSettings
                ? {
                    value: controller.addSettings,
                    rowCount: store.rows.length,
                    onChange: controller.setAddSettings,
                    onSaveDefault: controller.saveAddSettings,
                  }
                : undefined
            }
            onAdd={controller.onAddClick}
            onSave={() => props.onSave?.(store.snapshot())}
            onRemove={controller.removeSelection}
            onClearSelection={() => controller.setSelection({})}
          />
        )}
        <Spin spinning={!!props.loading}>
          <GridBody
            table={table}
            columns={laidOut}
            dataColumns={dataColumns}
            rows={store.rows}
            version={controller.version}
            rowHeight={rowHeight}
            height={props.height}
            maxHeight={props.maxHeight ?? MAX_HEIGHT}
            size={size}
            disabled={!!props.disabled}
            alwaysEdit={!!props.alwaysEdit}
            active={controller.active}
            focused={controller.focused}
            actions={controller.actions}
            renderExpand={props.renderExpand}
            scrollToIndex={controller.scrollToIndex}
            rowKeyAt={(i) => (sorting.length ? (table.getRowModel().rows[i]?.id ?? String(i)) : store.idOf(store.rows[i] ?? {}))}
            onScroll={subForm ? () => setSubForm(null) : undefined}
            overlay={
              subForm && subFormRow && renderSubForm ? (
                <SubFormPopover at={subForm} width={rootRef.current?.clientWidth ?? 800} onClose={() => setSubForm(null)}>
                  {renderSubForm(subFormRow)}
                </SubFormPopover>
              ) : null
            }
          />
        </Spin>
        {pagination && (
          <Pagination
            style={{ marginTop: 8, textAlign: 'right' }}
            size={size === 'tiny' ? 'small' : undefined}
            current={pagination.current ?? 1}
            pageSize={pagination.pageSize ?? 10}
            total={pagination.total ?? 100}
            pageSizeOptions={pagination.pageSizeOptions ?? ['10', '20', '30']}
            showQuickJumper
            showSizeChanger
            showTotal={(total, [from, to]) => `${from}-${to} 共 ${total} 条`}
            onChange={(current, pageSize) => props.onPageChange?.({ current, pageSize })}
          />
        )}
        {props.renderMainForm && (
          <DetailsModal
            open={!!detailsRow}
            onCancel={() => setDetails(null)}
            onConfirm={(done) =>
              detailsRow && props.onDetailsConfirm
                ? props.onDetailsConfirm({ row: detailsRow, column: details?.column, callback: done })
                : done(true)
            }
          >
            {detailsRow && props.renderMainForm(detailsRow, details?.column)}
          </DetailsModal>
        )}
      </div>
    </GridContext.Provider>
  );
});
