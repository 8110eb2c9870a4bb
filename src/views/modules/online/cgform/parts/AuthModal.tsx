import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Col, Form, Input, List, Modal, Popconfirm, Row as Line, Select, Switch, Table, Tabs } from 'antd';
import { attempt, request } from '../../../../../api/request';
import { reported, type FormHead, type Row } from './api';

interface AuthItem {
  id: string;
  code: string;
  title: string;
  status: number;
}
interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleOperator: string;
  ruleValue: string;
  status: number;
}
interface Role {
  id: string;
  roleName: string;
  roleCode: string;
}

const OPERATORS = [
  ['eq', '等于'],
  ['ne', '不等于'],
  ['gt', '大于'],
  ['ge', '大于等于'],
  ['lt', '小于'],
  ['le', '小于等于'],
  ['in', '在...中'],
  ['like', '包含'],
  ['left_like', '以...结尾'],
  ['right_like', '以...开头'],
].map(([value, label]) => ({ value, label }));

/** One kind of item (1 columns, 2 buttons): which are controlled, and which the chosen role may use. */
function PageAuth({ head, type, role }: { head: FormHead; type: 1 | 2; role: Role | null }) {
  const [items, setItems] = useState<AuthItem[]>([]);
  const [granted, setGranted] = useState<string[]>([]);
  const load = useCallback(() => {
    void attempt(() => request.get<AuthItem[]>(`/online/cgform/api/authPage/${head.id}/${type}`)).then((found) => found && setItems(found));
  }, [head.id, type]);
  useEffect(load, [load]);
  useEffect(() => {
    if (!role) return setGranted([]);
    const params = { roleId: role.id, cgformId: head.id, type };
    void attempt(() => request.get<Array<{ authId: string }>>('/online/cgform/api/roleAuth', params)).then(
      (found) => found && setGranted(found.map((r) => r.authId)),
    );
  }, [role, head.id, type]);

  const toggle = async (item: AuthItem, on: boolean) => {
    const url = `/online/cgform/api/${type === 1 ? 'authColumn' : 'authButton'}`;
    if (await reported(() => request.put(url, { id: item.id, status: on ? 1 : 0 }), '')) load();
  };
  const save = async () => {
    if (!role) return;
    const url = `/online/cgform/api/${type === 1 ? 'roleColumnAuth' : 'roleButtonAuth'}/${role.id}/${head.id}`;
    await reported(() => request.post(url, { authId: granted.join(',') }));
  };

  return (
    <>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={items}
        columns={[
          { title: type === 1 ? '字段' : '按钮编码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'title' },
          {
            title: '受控',
            dataIndex: 'status',
            width: 90,
            render: (v: number, r: AuthItem) => (
              <Switch size="small" checked={v === 1} onChange={(on) => void toggle(r, on)} aria-label={`受控 ${r.code}`} />
            ),
          },
          {
            title: role ? `${role.roleName}可用` : '角色可用',
            width: 130,
            render: (_: unknown, r: AuthItem) => (
              <Checkbox
                disabled={!role || r.status !== 1}
                checked={granted.includes(r.id)}
                onChange={(e) => setGranted((g) => (e.target.checked ? [...g, r.id] : g.filter((id) => id !== r.id)))}
              />
            ),
          },
        ]}
      />
      <Button type="primary" disabled={!role} onClick={() => void save()} style={{ marginTop: 12 }}>
        保存角色授权
      </Button>
    </>
  );
}

function DataAuth({ head, role }: { head: FormHead; role: Role | null }) {
  const [rules, setRules] = useState<DataRule[]>([]);
  const [fields, setFields] = useState<string[]>([]);
  const [granted, setGranted] = useState<string[]>([]);
  const [form] = Form.useForm<Row>();
  const load = useCallback(() => {
    void attempt(() => request.get<DataRule[]>(`/online/cgform/api/authData/${head.id}`)).then((found) => found && setRules(found));
  }, [head.id]);
  useEffect(() => {
    load();
    void attempt(() => request.get<Row[]>('/online/cgform/field/listByHeadId', { headId: head.id })).then(
      (found) => found && setFields(found.map((f) => String(f.dbFieldName))),
    );
  }, [load, head.id]);
  useEffect(() => {
    if (!role) return setGranted([]);
    const params = { roleId: role.id, cgformId: head.id, type: 3 };
    void attempt(() => request.get<Array<{ authId: string }>>('/online/cgform/api/roleAuth', params)).then(
      (found) => found && setGranted(found.map((r) => r.authId)),
    );
  }, [role, head.id]);

  const add = async () => {
    const values = await form.validateFields();
    if (await reported(() => request.post('/online/cgform/api/authData', { ...values, cgformId: head.id, status: 1 }))) {
      form.resetFields();
      load();
    }
  };

  return (
    <>
      <Form form={form} layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item name="ruleName" rules={[{ required: true, message: '请输入规则名称' }]}>
          <Input placeholder="规则名称" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="ruleColumn" rules={[{ required: true, message: '请选择字段' }]}>
          <Select placeholder="规则字段" style={{ width: 140 }} options={fields.map((f) => ({ value: f, label: f }))} />
        </Form.Item>
        <Form.Item name="ruleOperator" rules={[{ required: true, message: '请选择条件' }]}>
          <Select placeholder="条件" style={{ width: 110 }} options={OPERATORS} />
        </Form.Item>
        <Form.Item name="ruleValue" rules={[{ required: true, message: '请输入规则值' }]}>
          <Input placeholder="规则值，如 #{sys_user_code}" style={{ width: 200 }} />
        </Form.Item>
        <Button onClick={() => void add()}>添加规则</Button>
      </Form>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rules}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName' },
          { title: '字段', dataIndex: 'ruleColumn' },
          { title: '条件', dataIndex: 'ruleOperator', render: (v: string) => OPERATORS.find((o) => o.value === v)?.label ?? v },
          { title: '规则值', dataIndex: 'ruleValue' },
          {
            title: role ? `${role.roleName}适用` : '角色适用',
            width: 120,
            render: (_: unknown, r: DataRule) => (
              <Checkbox
                disabled={!role}
                checked={granted.includes(r.id)}
                onChange={(e) => setGranted((g) => (e.target.checked ? [...g, r.id] : g.filter((id) => id !== r.id)))}
              />
            ),
          },
          {
            title: '操作',
            width: 70,
            render: (_: unknown, r: DataRule) => (
              <Popconfirm
                title="确定删除吗?"
                onConfirm={async () => (await reported(() => request.delete(`/online/cgform/api/authData/${r.id}`))) && load()}
              >
                <a>删除</a>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Button
        type="primary"
        disabled={!role}
        onClick={async () =>
          role &&
          (await reported(() => request.post(`/online/cgform/api/roleDataAuth/${role.id}/${head.id}`, { authId: granted.join(',') })))
        }
        style={{ marginTop: 12 }}
      >
        保存角色授权
      </Button>
    </>
  );
}

/** 授权: controlled columns and buttons, data rules, and what each role may see. */
export function AuthModal({ head, onClose }: { head: FormHead; onClose: () => void }) {
  const [roles, setRoles] = useState<Role[]>([]);
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    void attempt(() => request.get<Role[]>('/online/cgform/api/roles')).then((found) => found && setRoles(found));
  }, []);
  return (
    <Modal open title={`授权：${head.tableTxt}`} width={1100} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="打开“受控”的字段或按钮只对勾选了它的角色显示；不受控的对所有能使用此表单的人显示。数据规则只对勾选了它的角色生效。"
      />
      <Line gutter={16}>
        <Col span={6}>
          <List
            size="small"
            bordered
            header="角色"
            dataSource={roles}
            style={{ maxHeight: 480, overflow: 'auto' }}
            renderItem={(r) => (
              <List.Item onClick={() => setRole(r)} style={{ cursor: 'pointer', background: role?.id === r.id ? '#e6f4ff' : undefined }}>
                {r.roleName}
              </List.Item>
            )}
          />
        </Col>
        <Col span={18}>
          <Tabs
            items={[
              { key: '1', label: '字段权限', children: <PageAuth head={head} type={1} role={role} /> },
              { key: '2', label: '按钮权限', children: <PageAuth head={head} type={2} role={role} /> },
              { key: '3', label: '数据权限', children: <DataAuth head={head} role={role} /> },
            ]}
          />
        </Col>
      </Line>
    </Modal>
  );
}
