import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Popconfirm, Space, Table } from 'antd';
import { attempt, request } from '../../../../../api/request';
import { reported, type FormHead, type PageResult, type Row } from './api';
import { ButtonEditModal, type ButtonAction } from './ButtonEditModal';

/** 自定义按钮: each button runs a server action registered in code (no script enhancements). */
export function ButtonsModal({ head, onClose }: { head: FormHead; onClose: () => void }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [actions, setActions] = useState<ButtonAction[]>([]);
  const [editing, setEditing] = useState<Row | null>(null);

  const load = useCallback(() => {
    void attempt(() => request.get<PageResult<Row>>(`/online/cgform/button/list/${head.id}`, { pageSize: 1000 })).then(
      (page) => page && setRows(page.records),
    );
  }, [head.id]);
  useEffect(() => {
    load();
    void attempt(() => request.get<ButtonAction[]>('/online/cgform/button/actions')).then((found) => found && setActions(found));
  }, [load]);

  const remove = async (row: Row) => (await reported(() => request.delete('/online/cgform/button/delete', { id: row.id }))) && load();

  return (
    <Modal open title={`自定义按钮：${head.tableTxt}`} width={900} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Button type="primary" onClick={() => setEditing({})} style={{ marginBottom: 12 }}>
        新增按钮
      </Button>
      <Table
        rowKey={(r) => String(r.id)}
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '按钮编码', dataIndex: 'buttonCode' },
          { title: '按钮名称', dataIndex: 'buttonName' },
          { title: '动作', dataIndex: 'actionName', render: (v: string) => actions.find((a) => a.name === v)?.label ?? v },
          { title: '位置', dataIndex: 'optPosition', render: (v: string) => (v === '1' ? '侧面' : '底部') },
          { title: '状态', dataIndex: 'buttonStatus', render: (v: string) => (v === '1' ? '激活' : '未激活') },
          {
            title: '操作',
            render: (_: unknown, r: Row) => (
              <Space>
                <a onClick={() => setEditing(r)}>编辑</a>
                <Popconfirm title="确定删除吗?" onConfirm={() => remove(r)}>
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ButtonEditModal
          head={head}
          button={editing}
          actions={actions}
          nextOrder={rows.length + 1}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Modal>
  );
}
