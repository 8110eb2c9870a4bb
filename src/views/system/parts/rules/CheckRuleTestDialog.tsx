import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { RequestError } from '@renderer/data/provider';
import type { ViewProps } from '@renderer/views/registry';
import { request } from '../../../../api/request';

type Verdict = { ok: true } | { ok: false; message: string } | null;

/** 功能测试 of a check rule: the value typed is checked live by checkByCode (an empty value passes). */
export default function CheckRuleTestDialog({ record, onClose }: ViewProps) {
  const ruleCode = String(record?.ruleCode ?? '');
  const [value, setValue] = useState('');
  const [verdict, setVerdict] = useState<Verdict>(null);

  useEffect(() => {
    if (value === '') {
      setVerdict(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      // a refusal is the check's answer (the value breaks the rule), shown under the field
      request.get('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(value) }).then(
        () => live && setVerdict({ ok: true }),
        (refused: unknown) => live && refused instanceof RequestError && setVerdict({ ok: false, message: refused.message }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ruleCode, value]);

  return (
    <Modal
      open
      title="功能测试"
      width={560}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item
          label={`按规则“${String(record?.ruleName ?? ruleCode)}”校验`}
          validateStatus={verdict ? (verdict.ok ? 'success' : 'error') : ''}
          help={
            verdict && !verdict.ok ? (
              <span data-testid="check-verdict">{verdict.message}</span>
            ) : verdict?.ok ? (
              <span data-testid="check-verdict">校验通过</span>
            ) : undefined
          }
          hasFeedback={!!verdict}
        >
          <Input
            aria-label="功能测试"
            placeholder="请输入要校验的值"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={256}
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon message="输入即校验；空值视为通过。" />
    </Modal>
  );
}
