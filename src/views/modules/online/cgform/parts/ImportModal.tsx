import { useEffect, useState } from 'react';
import { Empty, Input, Modal, Table } from 'antd';
import { attempt, request } from '../../../../../api/request';
import { reported } from './api';

/** 从数据库导入: business tables of the database that are not forms yet. */
export function ImportModal({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [tables, setTables] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void attempt(() => request.get<Array<{ id: string }>>('/online/cgform/head/queryTables'))
      .then((found) => found && setTables(found.map((t) => t.id)))
      .finally(() => setLoading(false));
  }, []);

  const run = async () => {
    if (selected.length === 0) return;
    setBusy(true);
    try {
      if (await reported(() => request.post(`/online/cgform/head/transTables/${selected.join(',')}`))) onImported();
    } finally {
      setBusy(false);
    }
  };

  const shown = tables.filter((t) => t.includes(keyword.trim()));
  return (
    <Modal
      open
      title="从数据库导入表单"
      onCancel={onClose}
      onOk={() => void run()}
      okText="导入"
      cancelText="取消"
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={busy}
    >
      <Input.Search placeholder="按表名筛选" allowClear onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 12 }} />
      <Table
        rowKey="name"
        size="small"
        loading={loading}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: <Empty description="没有可导入的表（系统表和已是表单的表不能导入）" /> }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        dataSource={shown.map((name) => ({ name }))}
        columns={[{ title: '表名', dataIndex: 'name' }]}
      />
    </Modal>
  );
}
