import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { request } from '../../../../../api/request';
import { reported, type FormHead, type Row } from './api';

export interface ButtonAction {
  name: string;
  label: string;
}

const SELECTS = {
  buttonStyle: [
    { value: 'button', label: 'Button' },
    { value: 'link', label: 'Link' },
  ],
  optPosition: [
    { value: '1', label: '侧面' },
    { value: '2', label: '底部' },
  ],
  buttonStatus: [
    { value: '1', label: '激活' },
    { value: '0', label: '未激活' },
  ],
};

/** 新增按钮 / 编辑按钮 of 自定义按钮: `button` is the row edited, `{}` a new one placed at `nextOrder`. */
export function ButtonEditModal({
  head,
  button,
  actions,
  nextOrder,
  onClose,
  onSaved,
}: {
  head: FormHead;
  button: Row;
  actions: ButtonAction[];
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Row>();
  const initial = button.id ? button : { buttonStyle: 'button', optPosition: '2', buttonStatus: '1', orderNum: nextOrder };

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, optType: 'action', cgformHeadId: head.id, ...(button.id ? { id: button.id } : {}) };
    const write = () => (button.id ? request.put('/online/cgform/button/edit', body) : request.post('/online/cgform/button/add', body));
    if (await reported(write)) onSaved();
  };

  return (
    <Modal open title={button.id ? '编辑按钮' : '新增按钮'} onCancel={onClose} onOk={() => void save()} okText="保存" cancelText="取消">
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} initialValues={initial}>
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
          <Select options={SELECTS.buttonStyle} />
        </Form.Item>
        <Form.Item name="optPosition" label="按钮位置">
          <Select options={SELECTS.optPosition} />
        </Form.Item>
        <Form.Item name="buttonIcon" label="按钮图标">
          <Input placeholder="例如 copy" />
        </Form.Item>
        <Form.Item name="exp" label="表达式">
          <Input placeholder="显示条件，可留空" />
        </Form.Item>
        <Form.Item name="buttonStatus" label="按钮状态">
          <Select options={SELECTS.buttonStatus} />
        </Form.Item>
        <Form.Item name="orderNum" label="排序">
          <InputNumber min={0} max={9999} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
