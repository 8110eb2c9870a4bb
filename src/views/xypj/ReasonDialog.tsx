import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../api/request';

/** What a schema's `dialog.props` says for XypjReasonDialog. */
export interface ReasonDialogProps {
  /** POSTed `{id, [field]: reason, ...body}`. */
  url: string;
  title: string;
  /** Label of the reason box, e.g. 驳回原因. */
  label: string;
  /** Body key of the reason (default `reason`). */
  field?: string;
  /** Fixed body values besides the id and the reason. */
  body?: Record<string, unknown>;
  /** Shown when the server sends no message (default 操作成功). */
  success?: string;
}

function readProps(props: Record<string, unknown>): ReasonDialogProps {
  const text = (key: string, fallback: string) => (typeof props[key] === 'string' ? (props[key] as string) : fallback);
  const body = props.body && typeof props.body === 'object' ? (props.body as Record<string, unknown>) : undefined;
  return {
    url: text('url', ''),
    title: text('title', '填写原因'),
    label: text('label', '原因'),
    field: text('field', 'reason'),
    body,
    success: text('success', '操作成功'),
  };
}

/** A required reason for one row, posted with its id; the list reloads after success. */
export default function ReasonDialog({ record, props, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const settings = readProps(props);
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const done = await attempt(() =>
        request.post(settings.url, { ...settings.body, id: record?.id, [settings.field ?? 'reason']: reason }),
      );
      if (!done) return;
      notify.success(done.message || settings.success || '操作成功');
      onChanged();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={settings.title}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label={settings.label} name="reason" rules={[{ required: true, whitespace: true, message: `请输入${settings.label}` }]}>
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={`请输入${settings.label}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
