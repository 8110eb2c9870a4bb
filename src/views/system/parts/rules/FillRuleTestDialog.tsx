import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Modal, Spin } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import { RequestError } from '@renderer/data/provider';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

/**
 * 功能测试 of a fill rule: shows the next value without taking it (testFillRule); 取号 takes one for
 * real (executeRuleByCode), which uses up that number.
 */
export default function FillRuleTestDialog({ record, onClose }: ViewProps) {
  const notify = useNotifier();
  const ruleCode = String(record?.ruleCode ?? '');
  const [preview, setPreview] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    setBusy(true);
    try {
      setPreview(String(await request.get<string>('/sys/fillRule/testFillRule', { ruleCode })));
      setError(null);
    } catch (refused) {
      // the rule's own problem is shown in the dialog; transport failures were shown by the HTTP layer
      if (refused instanceof RequestError) setError(refused.message);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per rule; load itself changes every render
  }, [ruleCode]);

  const take = async () => {
    setBusy(true);
    try {
      const done = await attempt(() => request.put<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`, {}));
      if (done) {
        setTaken(String(done.result));
        notify.success(`已取号：${String(done.result)}`);
      }
    } finally {
      setBusy(false);
    }
    await load();
  };

  return (
    <Modal
      open
      title="功能测试"
      width={560}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="take" danger onClick={() => void take()} disabled={busy || !!error}>
          取号（占用编号）
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Spin spinning={busy} tip="生成中...">
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="“下一个编号”只是预览，不占用编号；“取号”会真正占用一个编号。" />
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="规则名称">{String(record?.ruleName ?? '')}</Descriptions.Item>
          <Descriptions.Item label="规则Code">{ruleCode}</Descriptions.Item>
          <Descriptions.Item label="下一个编号">
            <span data-testid="fill-preview">{preview ? `生成结果：${preview}` : ''}</span>
          </Descriptions.Item>
          {taken ? (
            <Descriptions.Item label="已取号">
              <span data-testid="fill-taken">{taken}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Spin>
    </Modal>
  );
}
