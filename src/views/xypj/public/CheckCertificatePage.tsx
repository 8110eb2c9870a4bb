import { Button, Card, Descriptions, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import PublicShell from './PublicShell';
import { checkCertificate, failureText, type CertificateCheck, type CheckResult } from './publicApi';

const STATUS: Record<CheckResult, 'success' | 'error' | 'warning' | 'info'> = {
  valid: 'success',
  revoked: 'error',
  expired: 'warning',
  notFound: 'info',
};
const EXPLAIN: Record<CheckResult, string> = {
  valid: '该证书真实有效',
  revoked: '该证书已被协会撤销，不再有效',
  expired: '该证书已超过有效期',
  notFound: '未找到与证书编号和企业相符的证书，请核对后重新输入',
};

interface Values {
  certNo: string;
  company: string;
}

/** /xypj/checkzs: certificate number + company name or credit code → 有效 / 已撤销 / 已过期 / 未找到. `?no=` pre-fills the number. */
export default function CheckCertificatePage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<CertificateCheck>();
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);

  const submit = async (values: Values) => {
    setChecking(true);
    try {
      setAnswer(await checkCertificate(values.certNo.trim(), values.company.trim()));
      setError('');
    } catch (failure) {
      setAnswer(undefined);
      setError(failureText(failure, '网络异常，请稍后再试'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <PublicShell title="信用等级证书查询" width={760}>
      <Card>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ certNo: params.get('no') ?? '', company: '' }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item label="证书编号" name="certNo" rules={[{ required: true, whitespace: true, message: '请输入证书编号' }]}>
            <Input placeholder="如 XYPJ-2025-00001" maxLength={30} allowClear />
          </Form.Item>
          <Form.Item
            label="企业名称或统一社会信用代码"
            name="company"
            rules={[{ required: true, whitespace: true, message: '请输入企业名称或统一社会信用代码' }]}
          >
            <Input placeholder="企业全称或18位统一社会信用代码" maxLength={100} allowClear />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={checking} block>
            查询
          </Button>
        </Form>
      </Card>
      {error && <Result status="warning" title={error} />}
      {answer && (
        <Card style={{ marginTop: 16 }} data-testid="check-result">
          <Result status={STATUS[answer.result]} title={answer.resultText} subTitle={EXPLAIN[answer.result]} />
          {answer.result !== 'notFound' && (
            <Descriptions bordered column={1} size="small">
              <Descriptions.Item label="证书编号">{answer.certNo}</Descriptions.Item>
              <Descriptions.Item label="企业名称">{answer.companyName}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{answer.creditCode}</Descriptions.Item>
              <Descriptions.Item label="信用等级">{answer.grade}</Descriptions.Item>
              <Descriptions.Item label="发证日期">{answer.issueDate}</Descriptions.Item>
              <Descriptions.Item label="有效期至">{answer.validUntil}</Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      )}
    </PublicShell>
  );
}
