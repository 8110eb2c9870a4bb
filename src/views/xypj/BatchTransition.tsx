import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Spin, Typography } from 'antd';
import { RequestError } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { request, showRequestError } from '../../api/request';

/** GET /xypj/batch/transitionPreview (server/modules/xypj/batch-routes.ts). */
interface MovePreview {
  name: string;
  fromText: string;
  toText: string;
  blockers: string[];
  effects: string[];
  windowOpen: boolean;
}

/** What a schema's `dialog.props` says for XypjBatchTransition. */
interface BatchTransitionProps {
  /** Target state (open, reviewing, publicity, published, closed). */
  to: string;
  /** The move's name, e.g. 开始公示. */
  title: string;
  /** The question asked above the preview. */
  question: string;
}

function readProps(props: Record<string, unknown>): BatchTransitionProps {
  const text = (key: string) => (typeof props[key] === 'string' ? (props[key] as string) : '');
  return { to: text('to'), title: text('title') || '变更批次状态', question: text('question') };
}

/** The server's refusal stays in the dialog, above the preview; other failures were shown when they happened. */
function showInDialog(error: unknown, setFailure: (text: string) => void): void {
  if (error instanceof RequestError) setFailure(error.message);
  else showRequestError(error);
}

/**
 * A batch move: before confirming, the server's preview of what stops it (blockers, named and counted)
 * and what it does to how many applications; 进入评审 inside the application window offers
 * 提前截止申报 with a required reason. 确定 stays disabled while anything blocks the move.
 */
export default function BatchTransition({ record, props, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const { to, title, question } = readProps(props);
  const id = String(record?.id ?? '');
  const [preview, setPreview] = useState<MovePreview | null>(null);
  const [failure, setFailure] = useState('');
  const [closeEarly, setCloseEarly] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    request
      .get<MovePreview>('/xypj/batch/transitionPreview', { id, to })
      .then(setPreview, (error: unknown) => showInDialog(error, setFailure));
  }, [id, to]);

  // with 提前截止申报 chosen, the open window (always the first blocker of 进入评审) no longer blocks
  const blockers = preview ? (closeEarly && preview.windowOpen ? preview.blockers.slice(1) : preview.blockers) : [];
  const ready = !!preview && !blockers.length && (!closeEarly || reason.trim() !== '');

  const confirm = async () => {
    setSaving(true);
    try {
      const done = await request.post('/xypj/batch/transition', {
        id,
        to,
        ...(closeEarly ? { closeEarly: true, reason: reason.trim() } : {}),
      });
      notify.success(done.message || `${title}成功`);
      onChanged();
      onClose();
    } catch (error) {
      showInDialog(error, setFailure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${title}：${String(record?.name ?? '')}`}
      width={640}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={saving}
      destroyOnHidden
    >
      {question && <Typography.Paragraph>{question}</Typography.Paragraph>}
      {failure && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={failure} />}
      {!preview && !failure && <Spin />}
      {preview && (
        <div data-move-preview>
          <Typography.Paragraph type="secondary">
            {preview.fromText} → {preview.toText}
          </Typography.Paragraph>
          {blockers.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={`暂不能${title}，请先处理以下${blockers.length}项`}
              description={
                <ul style={{ margin: 0, paddingLeft: 20 }} data-blockers>
                  {blockers.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              }
            />
          )}
          {preview.effects.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={`${title}后`}
              description={
                <ul style={{ margin: 0, paddingLeft: 20 }} data-effects>
                  {preview.effects.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              }
            />
          )}
          {preview.windowOpen && (
            <Form layout="vertical">
              <Form.Item>
                <Checkbox checked={closeEarly} onChange={(e) => setCloseEarly(e.target.checked)}>
                  提前截止申报
                </Checkbox>
              </Form.Item>
              {closeEarly && (
                <Form.Item label="提前截止申报的原因" required>
                  <Input.TextArea
                    aria-label="提前截止申报的原因"
                    rows={3}
                    maxLength={500}
                    showCount
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    placeholder="请输入提前截止申报的原因（记入系统日志）"
                  />
                </Form.Item>
              )}
            </Form>
          )}
        </div>
      )}
    </Modal>
  );
}
