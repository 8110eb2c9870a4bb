import { useCallback, useMemo, useState } from 'react';
import { Card } from 'antd';
import type { ListPage } from '../schema/types.gen';
import { defaultNotifier, type Notifier } from '../data/notify';
import { useRenderer } from '../context';
import { useListPage, type ListPageController, type Row } from './useListPage';
import { QueryBar } from './QueryBar';
import { ListToolbar, SelectionBanner } from './Toolbar';
import { ListTable } from './ListTable';
import { ImportModal } from './ImportModal';
import { RecordModal, type RecordMode } from './RecordModal';
import { treeConditionParams, useTreeRows } from './useTreeRows';
import { LeftTree } from './LeftTree';
import { SuperQuery } from '../superQuery/SuperQuery';
import { actionAllowed } from './actions';

export interface ListPageViewProps {
  schema: ListPage;
  notifier?: Notifier;
  /** Storage code for saved advanced queries; defaults to the route. */
  saveCode?: string;
}

function TreeTable({ list, handlers }: { list: ListPageController; handlers: { onEdit(r: Row): void; onDetail(r: Row): void } }) {
  const { rows, expandable } = useTreeRows(list);
  return <ListTable list={list} handlers={handlers} rows={rows} expandable={expandable} />;
}

function ListBody({ schema, notifier, saveCode, extraParams }: ListPageViewProps & { extraParams?: Record<string, unknown> }) {
  const { can } = useRenderer();
  const list = useListPage(schema, { notifier, extraParams });
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
  const onSaved = useCallback(() => {
    list.reload();
    list.clearSelection();
  }, [list]);
  const showSuperQuery = !!schema.superQuery && actionAllowed(schema.toolbar?.superQuery, can, true);

  return (
    <>
      {schema.query?.properties && <QueryBar schema={schema.query} onSearch={list.search} onReset={list.reset} />}
      <ListToolbar
        list={list}
        onAdd={() => (setRecord(undefined), setMode('add'))}
        onImport={() => setImporting(true)}
        superQuery={
          showSuperQuery && schema.superQuery ? (
            <SuperQuery key={list.resetCount} config={schema.superQuery} saveCode={saveCode} notify={list.notify} onApply={list.applySuperQuery} />
          ) : undefined
        }
      />
      <SelectionBanner list={list} />
      {schema.variant === 'treeTable' ? <TreeTable list={list} handlers={handlers} /> : <ListTable list={list} handlers={handlers} />}
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
        onImported={list.reload}
      />
    </>
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
      <ListBody {...props} extraParams={condition.condition ? condition : undefined} />
    </Card>
  );
}
