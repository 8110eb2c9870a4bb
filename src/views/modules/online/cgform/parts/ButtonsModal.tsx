import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { deleteAction, getAction, postAction, putAction } from '../../../../../api/http';
import { reported, type FormHead, type PageResult, type Row } from './api';

interface Action {
  name: string;
  label: string;
}

/** 自定义按钮: each button runs a server action registered in code (no script enhancements). */
export function ButtonsModal({ head, onClose }: { head: FormHead; onClose: () => void }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [actions, setActions] = useState<Action[]>([]);
  const [editing, setEditing] = useState<Row | null>(null);
  const [form] = Form.useForm<Row>();

  const load = useCallback(() => {
    void getAction<PageResult<Row>>(`/online/cgform/button/list/${head.id}`, { pageSize: 1000 }).then(
      (res) => res.success && setRows(res.result.records),
    );
  }, [head.id]);
  useEffect(() => {
    load();
    void getAction<Action[]>('/online/cgform/button/actions').then((res) => res.success && setActions(res.result));
  }, [load]);

  const open = (row: Row | null) => {
    setEditing(row ?? {});
    form.resetFields();
    form.setFieldsValue(
      (row ?? { buttonStyle: 'button', optPosition: '2', buttonStatus: '1', orderNum: rows.length + 1 }) as Record<string, string>,
    );
  };

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, optType: 'action', cgformHeadId: head.id, ...(editing?.id ? { id: editing.id } : {}) };
    const res = editing?.id ? await putAction('/online/cgform/button/edit', body) : await postAction('/online/cgform/button/add', body);
    if (reported(res)) {
      setEditing(null);
      load();
    }
  };

  return (
    <Modal open title={`自定义按钮：${head.tableTxt}`} width={900} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Button type="primary" onClick={() => open(null)} style={{ marginBottom: 12 }}>
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
                <a onClick={() => open(r)}>编辑</a>
                <Popconfirm
                  title="确定删除吗?"
                  onConfirm={async () => reported(await deleteAction('/online/cgform/button/delete', { id: r.id })) && load()}
                >
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <Modal
          open
          title={editing.id ? '编辑按钮' : '新增按钮'}
          onCancel={() => setEditing(null)}
          onOk={() => void save()}
          okText="保存"
          cancelText="取消"
        >
          <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }}>
            <Form.Item
              name="buttonCode"
              label="按钮编码"
              rules={[
                { required: true, message: '请输入按钮编码' },
                { pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: '字母开头，由字母、数字和下划线组成' },
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="buttonName" label="按钮名称" rules={[{ required: true, message: '请输入按钮名称' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="actionName"
              label="服务器动作"
              rules={[{ required: true, message: '请选择服务器动作' }]}
              extra="只能选择服务器端注册的动作"
            >
              <Select options={actions.map((a) => ({ value: a.name, label: `${a.label}（${a.name}）` }))} />
            </Form.Item>
            <Form.Item name="buttonStyle" label="按钮样式">
              <Select
                options={[
                  { value: 'button', label: 'Button' },
                  { value: 'link', label: 'Link' },
                ]}
              />
            </Form.Item>
            <Form.Item name="optPosition" label="按钮位置">
              <Select
                options={[
                  { value: '1', label: '侧面' },
                  { value: '2', label: '底部' },
                ]}
              />
            </Form.Item>
            <Form.Item name="buttonIcon" label="按钮图标">
              <Input placeholder="例如 copy" />
            </Form.Item>
            <Form.Item name="exp" label="表达式">
              <Input placeholder="显示条件，可留空" />
            </Form.Item>
            <Form.Item name="buttonStatus" label="按钮状态">
              <Select
                options={[
                  { value: '1', label: '激活' },
                  { value: '0', label: '未激活' },
                ]}
              />
            </Form.Item>
            <Form.Item name="orderNum" label="排序">
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Modal>
  );
}
