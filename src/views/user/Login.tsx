import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, Form, Input, Row, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isLoginSuccess, login, phoneLogin } from '../../api/auth';
import { welcomeBack } from '../../greeting';
import { clearSession, saveLogin, saveTenant, setPendingToken } from '../../state/session';
import type { ApiResult } from '@renderer/context';
import type { LoginResult } from '../../types';
import { CaptchaImage } from './parts/CaptchaImage';
import { LoginSelectModal, needsSelection, type LoginSelection } from './parts/LoginSelectModal';
import { SmsCodeButton } from './parts/SmsCodeButton';
import { useCaptchaRequired } from './parts/useCaptchaRequired';

type LoginTab = 'account' | 'phone';

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
  mobile: string;
  smsCode: string;
  rememberMe: boolean;
}

/** Mobile pattern of the login page. */
export const LOGIN_MOBILE_PATTERN = /^1(3[0-9]|4[579]|5[0-35-9]|66|7[0135678]|8[0-9]|9[89])\d{8}$/;

const FIELDS: Record<LoginTab, Array<keyof LoginValues>> = {
  account: ['username', 'password', 'captcha', 'rememberMe'],
  phone: ['mobile', 'smsCode', 'rememberMe'],
};

export default function Login() {
  const { notification } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [tab, setTab] = useState<LoginTab>('account');
  const [submitting, setSubmitting] = useState(false);
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const [selecting, setSelecting] = useState<LoginResult>();
  const captchaRequired = useCaptchaRequired();

  const refreshCaptcha = () => {
    setCheckKey(String(Date.now()));
    form.setFieldValue('captcha', '');
  };

  const complete = (result: LoginResult, selection?: LoginSelection) => {
    if (selection?.tenantId) saveTenant(selection.tenantId);
    else if (result.tenantList?.length === 1) saveTenant(result.tenantList[0].id);
    // The route guard sends a signed-in user on the login path to the redirect target.
    saveLogin({ ...result, userInfo: selection?.userInfo ?? result.userInfo });
    notification.success({ message: '欢迎', description: welcomeBack() });
  };

  const succeed = (result: LoginResult) => {
    if (result.multi_depart === 0) {
      notification.warning({ message: '提示', description: '您尚未归属部门,请确认账号信息', duration: 3 });
    }
    if (needsSelection(result)) {
      setPendingToken(result.token);
      setSelecting(result);
    } else {
      complete(result);
    }
  };

  const fail = (res: ApiResult<unknown> | undefined) => {
    notification.error({ message: '登录失败', description: res?.message || '请求出现错误，请稍后再试', duration: 4 });
    if (tab === 'account') refreshCaptcha();
  };

  const submit = async () => {
    const fields = FIELDS[tab].filter((name) => captchaRequired || name !== 'captcha');
    const values = await form.validateFields(fields).catch(() => undefined);
    if (!values) return;
    setSubmitting(true);
    try {
      const res =
        tab === 'account'
          ? await login({
              username: values.username.trim(),
              password: values.password,
              ...(captchaRequired ? { captcha: values.captcha.trim(), checkKey } : {}),
              remember_me: !!values.rememberMe,
            })
          : await phoneLogin({ mobile: values.mobile.trim(), captcha: values.smsCode.trim(), remember_me: !!values.rememberMe });
      if (isLoginSuccess(res) && res.result?.token) succeed(res.result);
      else fail(res);
    } catch {
      fail(undefined);
    } finally {
      setSubmitting(false);
    }
  };

  const getMobile = async () => {
    const values = await form.validateFields(['mobile']).catch(() => undefined);
    return values?.mobile?.trim();
  };

  return (
    <>
      <Form
        form={form}
        size="large"
        onFinish={submit}
        initialValues={{ rememberMe: true, username: params.get('username') ?? '' }}
        autoComplete="off"
      >
        <Tabs
          centered
          destroyOnHidden
          activeKey={tab}
          onChange={(key) => setTab(key as LoginTab)}
          items={[
            {
              key: 'account',
              label: '账号密码登录',
              children: (
                <>
                  <Form.Item name="username" rules={[{ required: true, message: '请输入用户名!' }]}>
                    <Input prefix={<UserOutlined />} placeholder="请输入用户名" aria-label="用户名" autoComplete="username" />
                  </Form.Item>
                  <Form.Item name="password" rules={[{ required: true, message: '请输入密码!' }]}>
                    <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" aria-label="密码" autoComplete="current-password" />
                  </Form.Item>
                  {captchaRequired && (
                    <Row gutter={12}>
                      <Col flex="auto">
                        <Form.Item name="captcha" rules={[{ required: true, message: '请输入验证码!' }]}>
                          <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" aria-label="验证码" maxLength={8} />
                        </Form.Item>
                      </Col>
                      <Col flex="105px">
                        <CaptchaImage checkKey={checkKey} onRefresh={refreshCaptcha} />
                      </Col>
                    </Row>
                  )}
                </>
              ),
            },
            {
              key: 'phone',
              label: '手机号登录',
              children: (
                <>
                  <Form.Item
                    name="mobile"
                    rules={[
                      { required: true, message: '请输入手机号码!' },
                      { pattern: LOGIN_MOBILE_PATTERN, message: '您的手机号码格式不正确!' },
                    ]}
                  >
                    <Input prefix={<MobileOutlined />} placeholder="请输入手机号" aria-label="手机号" />
                  </Form.Item>
                  <Row gutter={12}>
                    <Col flex="auto">
                      <Form.Item name="smsCode" rules={[{ required: true, message: '请输入验证码!' }]}>
                        <Input prefix={<SafetyOutlined />} placeholder="请输入短信验证码" aria-label="短信验证码" />
                      </Form.Item>
                    </Col>
                    <Col flex="120px">
                      <SmsCodeButton getMobile={getMobile} />
                    </Col>
                  </Row>
                </>
              ),
            },
          ]}
        />
        <Form.Item>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>自动登录</Checkbox>
          </Form.Item>
          <span style={{ float: 'right' }}>
            <Link to="/user/alteration">忘记密码</Link>
            <Link to="/user/register" style={{ marginLeft: 16 }}>
              注册账户
            </Link>
          </span>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting} disabled={submitting}>
            确定
          </Button>
        </Form.Item>
      </Form>
      {selecting && (
        <LoginSelectModal
          result={selecting}
          onDone={(selection) => {
            setSelecting(undefined);
            complete(selecting, selection);
          }}
          onFail={() => {
            setSelecting(undefined);
            clearSession();
            refreshCaptcha();
          }}
        />
      )}
    </>
  );
}
