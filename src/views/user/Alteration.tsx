import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { changeForgottenPassword, verifyPhone } from '../../api/auth';
import { doneOf, refusalText } from '../../api/request';
import { feedback } from '../../feedback';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../system/parts/password';
import { SmsCodeButton } from './parts/SmsCodeButton';

/** Mobile pattern of the forgot-password page. */
const ALTERATION_MOBILE = /^1[34578]\d{9}$/;

interface Verified {
  username: string;
  phone: string;
  ticket: string;
}

/** A refusal as a titled notification; a transport failure was shown by the HTTP layer. */
function showFailure(title: string, error: unknown): void {
  const refusal = refusalText(error, '');
  if (refusal) feedback().notification.error({ message: title, description: refusal, duration: 4 });
}

function PhoneStep({ onVerified }: { onVerified: (verified: Verified) => void }) {
  const [form] = Form.useForm<{ phone: string; smscode: string }>();
  const [checking, setChecking] = useState(false);
  const next = async ({ phone, smscode }: { phone: string; smscode: string }) => {
    setChecking(true);
    try {
      const { result } = doneOf(await verifyPhone(phone.trim(), smscode.trim()));
      onVerified({ username: result.username, phone: phone.trim(), ticket: result.smscode });
    } catch (error) {
      showFailure('验证错误', error);
    } finally {
      setChecking(false);
    }
  };
  const getMobile = async () => (await form.validateFields(['phone']).catch(() => undefined))?.phone.trim();
  return (
    <Form form={form} layout="vertical" onFinish={next} requiredMark={false}>
      <Form.Item
        label="手机"
        name="phone"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: ALTERATION_MOBILE, message: '请输入正确的手机号' },
        ]}
      >
        <Input size="large" placeholder="请输入手机号" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="smscode" noStyle rules={[{ required: true, message: '请输入短信验证码!' }]}>
            <Input size="large" placeholder="请输入短信验证码" aria-label="验证码" />
          </Form.Item>
          <div style={{ flex: '0 0 120px' }}>
            <SmsCodeButton getMobile={getMobile} smsmode="2" />
          </div>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={checking}>
        下一步
      </Button>
    </Form>
  );
}

function PasswordStep({ verified, onBack, onDone }: { verified: Verified; onBack: () => void; onDone: () => void }) {
  const [saving, setSaving] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setSaving(true);
    try {
      doneOf(await changeForgottenPassword({ username: verified.username, password, smscode: verified.ticket, phone: verified.phone }));
      onDone();
    } catch (error) {
      showFailure('更改密码失败', error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={submit} initialValues={{ username: verified.username }} requiredMark={false}>
      <Form.Item label="账号名" name="username">
        <Input size="large" readOnly />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: (_, value: string) =>
              !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
          },
        ]}
      >
        <Input.Password size="large" placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次密码不一致')),
          }),
        ]}
      >
        <Input.Password size="large" placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Button size="large" onClick={onBack}>
          上一步
        </Button>
        <Button type="primary" htmlType="submit" size="large" loading={saving} style={{ flex: 1 }}>
          提交
        </Button>
      </div>
    </Form>
  );
}

/** /user/alteration: forgot password in three steps: verify the mobile by SMS, set a new password, done. */
export default function Alteration() {
  const [verified, setVerified] = useState<Verified>();
  const [done, setDone] = useState(false);
  const step = done ? 2 : verified ? 1 : 0;
  return (
    <div style={{ background: '#fff', padding: 24, borderRadius: 8 }}>
      <h2 style={{ marginTop: 0 }}>找回密码</h2>
      <Steps
        size="small"
        current={step}
        status={done ? 'finish' : 'process'}
        items={[{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]}
        style={{ marginBottom: 24 }}
      />
      {step === 0 && <PhoneStep onVerified={setVerified} />}
      {step === 1 && verified && <PasswordStep verified={verified} onBack={() => setVerified(undefined)} onDone={() => setDone(true)} />}
      {step === 2 && (
        <Result
          status="success"
          title="更改密码成功"
          subTitle={`账号 ${verified?.username ?? ''} 的密码已更改，其他设备上的登录已退出。`}
          extra={
            <Link to={`/user/login?username=${encodeURIComponent(verified?.username ?? '')}`}>
              <Button type="primary">返回登录</Button>
            </Link>
          }
        />
      )}
    </div>
  );
}
