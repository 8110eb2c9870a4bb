import { useCallback, useMemo, useState } from 'react';
import { Alert, Card } from 'antd';
import type { ListPage } from '@contract/schema-types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import { useRenderer } from '../context';
import { useListPage, type Row } from './useListPage';
import { QueryBar } from './QueryBar';
import { ListToolbar, SelectionBanner } from './Toolbar';
import { ListTable } from './ListTable';
import { ImportModal } from './ImportModal';
import { RecordModal, type RecordMode } from './RecordModal';
import { treeConditionParams, useTreeRows } from './useTreeRows';
import { ListProvider, type ListContextValue, type ReloadOptions } from './ListContext';
import { useListActions } from '../actions/useListActions';
import { LeftTree } from './LeftTree';
import { SuperQuery } from '../superQuery/SuperQuery';
import { actionAllowed } from './actions';
import { SubLists } from './SubLists';

export interface ListPageViewProps {
  schema: ListPage;
  notifier?: Notifier;
  /** Storage code for saved advanced queries; defaults to the route. */
  saveCode?: string;
}

/** The parent to open in a tree table so a saved record shows; undefined at the root or outside trees. */
function parentToReveal(schema: ListPage, parentKey: string, saved: Row | undefined): string | undefined {
  const parent = saved?.[parentKey];
  if (schema.variant !== 'treeTable' || parent === undefined || parent === null || parent === '') return undefined;
  return String(parent) === (schema.tree?.rootValue ?? '0') ? undefined : String(parent);
}

function ListBody({ schema, notifier, saveCode, extraParams }: ListPageViewProps & { extraParams?: Record<string, unknown> }) {
  const { can } = useRenderer();
  const controller = useListPage(schema, { notifier, extraParams });
  const tree = useTreeRows(controller, schema.variant === 'treeTable');
  const [mode, setMode] = useState<RecordMode>();
  const [record, setRecord] = useState<Row>();
  const [importing, setImporting] = useState(false);
  const handlers = useMemo(
    () => ({
      onEdit: (r: Row) => (setRecord(r), setMode('edit')),
      onDetail: (r: Row) => (setRecord(r), setMode('detail')),
    }),
    [],
  );
  const { reveal, parentKey } = tree;
  const { reload: reloadPage, clearSelection } = controller;
  const reload = useCallback(
    (options?: ReloadOptions) => {
      const parent = parentToReveal(schema, parentKey, options?.reveal);
      if (parent) reveal(parent);
      reloadPage();
    },
    [schema, parentKey, reveal, reloadPage],
  );
  const actions = useListActions(controller, reload);
  const list: ListContextValue = { ...controller, reload, runAction: actions.run };
  const onSaved = useCallback(
    (saved?: Row) => {
      reload({ reveal: saved });
      clearSelection();
    },
    [reload, clearSelection],
  );
  const subLists = schema.subLists ?? [];
  // ERP theme: the sub lists follow the selected row (a click on a row selects it alone; of several ticked rows, the last).
  const erpRecord = controller.selectedRows.filter((r) => controller.selectedRowKeys.includes(String(r[controller.rowKey]))).at(-1);
  const showSuperQuery = !!schema.superQuery && actionAllowed(schema.toolbar?.superQuery, can, true);

  return (
    <ListProvider value={list}>
      {schema.query?.properties && <QueryBar schema={schema.query} onSearch={list.search} onReset={list.reset} />}
      <ListToolbar
        onAdd={() => (setRecord(undefined), setMode('add'))}
        onImport={() => setImporting(true)}
        superQuery={
          showSuperQuery && schema.superQuery ? (
            <SuperQuery
              key={list.resetCount}
              config={schema.superQuery}
              saveCode={saveCode}
              notify={list.notify}
              onApply={list.applySuperQuery}
            />
          ) : undefined
        }
      />
      {schema.selectable !== false && <SelectionBanner />}
      {schema.variant === 'treeTable' ? (
        <ListTable handlers={handlers} rows={tree.rows} expandable={tree.expandable} />
      ) : schema.variant === 'innerTable' && subLists.length ? (
        <ListTable
          handlers={handlers}
          expandable={{ expandedRowRender: (row) => <SubLists lists={subLists} record={row} notify={list.notify} /> }}
        />
      ) : schema.variant === 'erp' && subLists.length ? (
        <>
          <ListTable handlers={handlers} onRowClick={(row) => list.select([String(row[list.rowKey])], [row])} />
          {erpRecord ? (
            <SubLists lists={subLists} record={erpRecord} notify={list.notify} />
          ) : (
            <Alert type="info" showIcon message="点击一行主表数据查看其子表数据" style={{ marginTop: 12 }} />
          )}
        </>
      ) : (
        <ListTable handlers={handlers} />
      )}
      {schema.form && (
        <RecordModal
          mode={mode}
          record={record}
          config={schema.form}
          urls={schema.url}
          notify={list.notify}
          onClose={() => setMode(undefined)}
          onSaved={onSaved}
        />
      )}
      <ImportModal
        open={importing}
        url={schema.url.importExcel}
        multiple={schema.importOptions?.multiple}
        foreignKeys={schema.importOptions?.foreignKeys}
        isSingleTableImport={schema.importOptions?.isSingleTableImport}
        notify={list.notify}
        onClose={() => setImporting(false)}
        onImported={() => list.reload()}
      />
      {actions.dialog}
    </ListProvider>
  );
}

/** A list page from its schema, including the tree-table, left-tree and master/sub-table variants. */
export function ListPageView(props: ListPageViewProps) {
  const services = useRenderer();
  const [treeKey, setTreeKey] = useState<string>();
  const { schema } = props;
  if (schema.variant === 'leftTree' && schema.leftTree) {
    const param = schema.leftTree.param;
    return (
      <div style={{ display: 'flex', gap: 12 }}>
        <LeftTree options={schema.leftTree} notify={props.notifier ?? services.notify ?? defaultNotifier} onSelect={setTreeKey} />
        <Card style={{ flex: 1, minWidth: 0 }} title={schema.title}>
          <ListBody {...props} extraParams={treeKey ? { [param]: treeKey } : undefined} />
        </Card>
      </div>
    );
  }
  const condition = treeConditionParams(schema);
  return (
    <Card title={schema.title}>
      {schema.notice && <Alert type="info" showIcon message={schema.notice} style={{ marginBottom: 12 }} />}
      <ListBody {...props} extraParams={condition.condition ? condition : undefined} />
    </Card>
  );
}
