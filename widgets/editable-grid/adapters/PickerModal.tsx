import { useEffect, useState } from 'react';
import { Input, Modal, Table } from 'antd';
import type { RendererHttp } from '@renderer/context';

type Row = Record<string, unknown>;

export interface PickerModalProps {
  open: boolean;
  title: string;
  width: number;
  http: RendererHttp;
  /** GET url answering records (or a list / tree). */
  url: string;
  searchParam: string;
  columns: { key: string; title: string }[];
  rowKey: string;
  multi: boolean;
  selected: string[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

function flatten(list: Row[]): Row[] {
  return list.flatMap((r) => [r, ...flatten(Array.isArray(r.children) ? (r.children as Row[]) : [])]);
}

/** Thin picker used by the department and user cells until the widget library's pickers are wired in. */
export function PickerModal(props: PickerModalProps) {
  const { open, http, url, searchParam, rowKey, multi } = props;
  const [rows, setRows] = useState<Row[]>([]);
  const [keyword, setKeyword] = useState('');
  const [keys, setKeys] = useState<string[]>(props.selected);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setKeys(props.selected);
    setLoading(true);
    http
      .get<Row[] | { records: Row[] }>(url, { [searchParam]: keyword || undefined, pageNo: 1, pageSize: 50 })
      .then((res) => {
        const r = res.result;
        setRows(flatten(Array.isArray(r) ? r : r?.records ?? []));
      })
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
    // keyword searches run on Enter, not per keystroke
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, url]);

  return (
    <Modal
      open={open}
      title={props.title}
      width={props.width}
      onCancel={props.onCancel}
      onOk={() => props.onOk(rows.filter((r) => keys.includes(String(r[rowKey]))))}
      destroyOnClose
    >
      <Input.Search
        allowClear
        style={{ marginBottom: 8 }}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(k) => {
          setLoading(true);
          http
            .get<Row[] | { records: Row[] }>(url, { [searchParam]: k || undefined, pageNo: 1, pageSize: 50 })
            .then((res) => setRows(flatten(Array.isArray(res.result) ? res.result : res.result?.records ?? [])))
            .finally(() => setLoading(false));
        }}
      />
      <Table<Row>
        size="small"
        loading={loading}
        rowKey={(r) => String(r[rowKey])}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        columns={props.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title }))}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          onChange: (k) => setKeys(k.map(String)),
        }}
      />
    </Modal>
  );
}
