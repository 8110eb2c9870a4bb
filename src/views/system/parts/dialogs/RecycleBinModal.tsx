import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Divider, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useRenderer } from '@renderer/context';
import { listOf, type Row } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import { fillValue, sendRequest, type RequestSpec } from '../placeholders';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

interface BinColumn {
  dataIndex: string;
  title: string;
  /** "avatar": the value is a stored file path shown as a square avatar. */
  type?: 'avatar';
}

interface BinOperation {
  text: string;
  /** `{ids}` (comma list) or, with perItem, `{id}` of each row. */
  request: RequestSpec;
  perItem?: boolean;
  /** Confirm text; `{count}` is the number of rows. */
  confirm: string;
  /** Red note under the confirm text. */
  warning?: string;
  /** Success text; `{count}` is the number of rows. */
  success?: string;
}

export interface RecycleBinProps {
  title?: string;
  listUrl: string;
  rowKey?: string;
  width?: number;
  columns: BinColumn[];
  restore: BinOperation;
  purge: BinOperation;
}

/** Recycle bin of soft-deleted rows: restore or delete for good, one or many. */
export default function RecycleBinModal({ props, onClose, onChanged }: ViewProps) {
  const config = props as unknown as RecycleBinProps;
  const services = useRenderer();
  const notify = useNotifier();
  const rowKey = config.rowKey ?? 'id';
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const reply = await attempt(() => request.get<Row[] | { records?: Row[] }>(config.listUrl));
      if (reply) setRows(listOf<Row>(reply));
    } finally {
      setLoading(false);
    }
  }, [config.listUrl]);

  useEffect(() => void load(), [load]);

  const operate = async (operation: BinOperation, ids: string[]) => {
    if (ids.length === 0) {
      notify.warning('请选择一条记录！');
      return;
    }
    const values = { count: ids.length, ids: ids.join(',') };
    const content = operation.warning ? (
      <div>
        <p>{fillValue(operation.confirm, values)}</p>
        <p style={{ color: 'red' }}>{operation.warning}</p>
      </div>
    ) : undefined;
    const ok = await notify.confirm({ title: content ? operation.text : fillValue(operation.confirm, values), content });
    if (!ok) return;
    const calls = operation.perItem ? ids.map((id) => ({ id, ids: id, count: 1 })) : [values];
    let message = '';
    for (const call of calls) {
      const done = await attempt(() => sendRequest(services.http, operation.request, call));
      if (!done) {
        void load();
        return;
      }
      message = done.message;
    }
    notify.success(operation.success ? fillValue(operation.success, values) : message || '操作成功');
    setSelected([]);
    void load();
    onChanged();
  };

  const columns: TableColumnsType<Row> = [
    { title: '#', key: '__index', width: 60, align: 'center', render: (_v, _r, index) => index + 1 },
    ...config.columns.map((column) => ({
      title: column.title,
      dataIndex: column.dataIndex,
      key: column.dataIndex,
      align: 'center' as const,
      render: (value: unknown) =>
        column.type === 'avatar' ? (
          value ? (
            <Avatar shape="square" src={services.data.fileUrl(String(value))} />
          ) : (
            <Avatar shape="square">无</Avatar>
          )
        ) : value === undefined || value === null ? (
          ''
        ) : (
          String(value)
        ),
    })),
    {
      title: '操作',
      key: '__actions',
      align: 'center',
      width: 200,
      render: (_v, record) => (
        <span>
          <a onClick={() => void operate(config.restore, [String(record[rowKey])])}>{config.restore.text}</a>
          <Divider type="vertical" />
          <a onClick={() => void operate(config.purge, [String(record[rowKey])])}>{config.purge.text}</a>
        </span>
      ),
    },
  ];

  return (
    <Modal
      open
      title={config.title ?? '回收站'}
      width={config.width ?? 1000}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnClose
    >
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => void operate(config.restore, selected)}>
            批量{config.restore.text}
          </Button>
          <Button danger onClick={() => void operate(config.purge, selected)}>
            批量{config.purge.text}
          </Button>
        </Space>
      )}
      <Table<Row>
        size="middle"
        bordered
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      />
    </Modal>
  );
}
