import { checkCreditCode } from '@renderer/index';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkUsernameFree, registerCompany, type CompanyRegistration } from '../../api/auth';
import { doneOf, refusalText } from '../../api/request';
import { feedback } from '../../feedback';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../system/parts/password';
import { SmsCodeButton } from './parts/SmsCodeButton';
import { REGISTER_MOBILE, type RegisteredCompany } from './registration';

type RegisterValues = CompanyRegistration & { confirmPassword: string };

const USERNAME = /^[A-Za-z0-9_]{4,18}$/;

/** Sends the registration; a refusal (code expired, name taken …) is shown as 注册失败 with the server's sentence. */
function useRegister() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: RegisterValues) => {
    const body: CompanyRegistration = {
      companyName: values.companyName.trim(),
      creditCode: values.creditCode.trim().toUpperCase(),
      contact: values.contact.trim(),
      mobile: values.mobile.trim(),
      smscode: values.smscode.trim(),
      username: values.username.trim(),
      password: values.password,
    };
    setSubmitting(true);
    try {
      doneOf(await registerCompany(body));
      const registered: RegisteredCompany = {
        companyName: body.companyName,
        creditCode: body.creditCode,
        contact: body.contact,
        mobile: body.mobile,
        username: body.username,
      };
      navigate('/user/register-result', { state: registered });
    } catch (error) {
      feedback().notification.error({
        message: '注册失败',
        description: error instanceof Error ? error.message : '请求出现错误，请稍后再试',
        duration: 4,
      });
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}

/** '' when the user name is free; the server's sentence when it is taken; '' when the check itself fails. */
async function usernameProblem(name: string): Promise<string> {
  try {
    doneOf(await checkUsernameFree(name));
    return '';
  } catch (error) {
    return refusalText(error, '');
  }
}

const creditCodeRules = [
  { required: true, whitespace: true, message: '请输入统一社会信用代码' },
  {
    validator: async (_: unknown, value: string | undefined) => {
      const problem = checkCreditCode((value ?? '').trim().toUpperCase());
      if (problem) throw new Error(problem);
    },
  },
];

const usernameRules = [
  { required: true, message: '请输入用户名' },
  { pattern: USERNAME, message: '用户名只允许字母、数字、下划线，长度4到18个字符' },
  {
    validator: async (_: unknown, value: string | undefined) => {
      const name = (value ?? '').trim();
      if (!USERNAME.test(name)) return;
      const problem = await usernameProblem(name);
      if (problem) throw new Error(problem);
    },
  },
];

const passwordRules = [
  { required: true, message: '请输入密码' },
  {
    validator: async (_: unknown, value: string | undefined) => {
      if (value && !isStrongPassword(value)) throw new Error(PASSWORD_RULE_MESSAGE);
    },
  },
];

/** 企业名称, 统一社会信用代码, 联系人, 手机号 and its SMS code. */
function CompanyFields({ getMobile }: { getMobile: () => Promise<string | undefined> }) {
  return (
    <>
      <Form.Item
        label="企业名称"
        name="companyName"
        rules={[
          { required: true, whitespace: true, message: '请输入企业名称' },
          { max: 100, message: '企业名称不能超过100个字符' },
        ]}
      >
        <Input size="large" placeholder="请输入企业名称" />
      </Form.Item>
      <Form.Item label="统一社会信用代码" name="creditCode" validateTrigger="onBlur" rules={creditCodeRules}>
        <Input size="large" placeholder="请输入18位统一社会信用代码" maxLength={18} />
      </Form.Item>
      <Form.Item
        label="联系人"
        name="contact"
        rules={[
          { required: true, whitespace: true, message: '请输入联系人' },
          { max: 50, message: '联系人不能超过50个字符' },
        ]}
      >
        <Input size="large" placeholder="请输入联系人" />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="mobile"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: REGISTER_MOBILE, message: '请输入正确手机号' },
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
            <SmsCodeButton getMobile={getMobile} smsmode="1" />
          </div>
        </div>
      </Form.Item>
    </>
  );
}

/** 用户名 (checked with the server on blur), 密码 and 确认密码. */
function AccountFields() {
  return (
    <>
      <Form.Item label="用户名" name="username" validateTrigger="onBlur" rules={usernameRules}>
        <Input size="large" placeholder="请输入用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={passwordRules}>
        <Input.Password size="large" placeholder="至少8位，含字母、数字和特殊符号" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password size="large" placeholder="请再次输入密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** /user/register: a company registers; the association reviews it before the account can sign in. */
export default function Register() {
  const [form] = Form.useForm<RegisterValues>();
  const { submit, submitting } = useRegister();
  const getMobile = async () => (await form.validateFields(['mobile']).catch(() => undefined))?.mobile.trim();

  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Typography.Title level={4}>企业注册</Typography.Title>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <CompanyFields getMobile={getMobile} />
        <AccountFields />
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          注册
        </Button>
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/user/login">使用已有账户登录</Link>
        </div>
      </Form>
    </div>
  );
}
