import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

interface TestForm {
  testData: string;
  msgType: string;
  receiver: string;
}

const TYPES = [
  { value: 'email', label: '邮件' },
  { value: 'sms', label: '短信' },
  { value: 'system', label: '系统消息' },
];

function validJson(text: string): boolean {
  if (!text.trim()) return true;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** 发送测试: the template (read-only), test data as JSON, message type and receiver → sendMsg. */
export default function MessageTestDialog({ record, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const [form] = Form.useForm<TestForm>();
  const [sending, setSending] = useState(false);

  const submit = async () => {
    let values: TestForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      const body = {
        templateCode: record?.templateCode,
        testData: values.testData ?? '',
        msgType: values.msgType,
        receiver: values.receiver.trim(),
      };
      const done = await attempt(() => request.post('/sys/message/sysMessageTemplate/sendMsg', body));
      if (done) {
        notify.success(done.message || '消息发送成功！');
        onChanged();
        onClose();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title="发送模板测试"
      width={700}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="发送"
      cancelText="关闭"
      confirmLoading={sending}
      destroyOnHidden
    >
      <Form
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        initialValues={{ testData: String(record?.templateTestJson ?? ''), msgType: 'email' }}
      >
        <Form.Item label="模板标题">
          <Input value={String(record?.templateName ?? '')} disabled />
        </Form.Item>
        <Form.Item label="模板内容">
          <Input.TextArea value={String(record?.templateContent ?? '')} disabled autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item
          label="测试数据"
          name="testData"
          rules={[
            {
              validator: async (_r, v: string) =>
                validJson(v ?? '') ? undefined : Promise.reject(new Error('请输入JSON对象，例如 {"name":"张三"}')),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder='{"name":"张三"}' />
        </Form.Item>
        <Form.Item label="消息类型" name="msgType" rules={[{ required: true, message: '请选择消息类型' }]}>
          <Select options={TYPES} />
        </Form.Item>
        <Form.Item label="消息接收方" name="receiver" rules={[{ required: true, whitespace: true, message: '请输入消息接收方' }]}>
          <Input placeholder="邮箱地址、手机号或用户名" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
