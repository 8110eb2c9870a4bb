import { feedback } from '../../feedback';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, theme } from 'antd';
import { lazy, Suspense, useState, type ChangeEvent, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isLoginSuccess, login, phoneLogin } from '../../api/auth';
import { welcomeBack } from '../../greeting';
import { clearSession, saveLogin, saveTenant, setPendingToken } from '../../state/session';
import type { ApiResult } from '@renderer/context';
import type { LoginResult } from '../../types';
import { CaptchaImage } from './parts/CaptchaImage';
import { LoginField } from './parts/LoginField';
import { needsSelection, type LoginSelection } from './parts/loginSelection';
import { LoginTabs } from './parts/LoginTabs';
import { SmsCodeButton } from './parts/SmsCodeButton';
import { useCaptchaRequired } from './parts/useCaptchaRequired';
import { useLoginForm, type LoginRule } from './parts/useLoginForm';

// Opens only for users with several departments or tenants; its Select stays out of the first download.
const LoginSelectModal = lazy(() => import('./parts/LoginSelectModal').then((m) => ({ default: m.LoginSelectModal })));

type LoginTab = 'account' | 'phone';

type LoginValues = {
  username: string;
  password: string;
  captcha: string;
  mobile: string;
  smsCode: string;
  rememberMe: boolean;
};

/** Mobile pattern of the login page. */
export const LOGIN_MOBILE_PATTERN = /^1(3[0-9]|4[579]|5[0-35-9]|66|7[0135678]|8[0-9]|9[89])\d{8}$/;

const RULES: Partial<Record<keyof LoginValues, LoginRule[]>> = {
  username: [{ required: true, message: '请输入用户名!' }],
  password: [{ required: true, message: '请输入密码!' }],
  captcha: [{ required: true, message: '请输入验证码!' }],
  mobile: [
    { required: true, message: '请输入手机号码!' },
    { pattern: LOGIN_MOBILE_PATTERN, message: '您的手机号码格式不正确!' },
  ],
  smsCode: [{ required: true, message: '请输入验证码!' }],
};

const FIELDS: Record<LoginTab, Array<keyof LoginValues>> = {
  account: ['username', 'password', 'captcha', 'rememberMe'],
  phone: ['mobile', 'smsCode', 'rememberMe'],
};

type FieldProps = (name: keyof LoginValues) => {
  value: string;
  status: 'error' | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

interface PanelProps {
  field: FieldProps;
  errors: Partial<Record<keyof LoginValues, string>>;
}

function AccountPanel({
  field,
  errors,
  captchaRequired,
  checkKey,
  refreshCaptcha,
}: PanelProps & {
  captchaRequired: boolean;
  checkKey: string;
  refreshCaptcha: () => void;
}) {
  return (
    <div role="tabpanel" aria-labelledby="login-tab-account">
      <LoginField error={errors.username}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          aria-label="用户名"
          autoComplete="username"
          {...field('username')}
        />
      </LoginField>
      <LoginField error={errors.password}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          aria-label="密码"
          autoComplete="current-password"
          {...field('password')}
        />
      </LoginField>
      {captchaRequired && (
        <div className="login-row">
          <LoginField error={errors.captcha}>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              aria-label="验证码"
              maxLength={8}
              {...field('captcha')}
            />
          </LoginField>
          <CaptchaImage checkKey={checkKey} onRefresh={refreshCaptcha} />
        </div>
      )}
    </div>
  );
}

function PhonePanel({ field, errors, getMobile }: PanelProps & { getMobile: () => Promise<string | undefined> }) {
  return (
    <div role="tabpanel" aria-labelledby="login-tab-phone">
      <LoginField error={errors.mobile}>
        <Input size="large" prefix={<MobileOutlined />} placeholder="请输入手机号" aria-label="手机号" {...field('mobile')} />
      </LoginField>
      <div className="login-row">
        <LoginField error={errors.smsCode}>
          <Input size="large" prefix={<SafetyOutlined />} placeholder="请输入短信验证码" aria-label="短信验证码" {...field('smsCode')} />
        </LoginField>
        <div style={{ flex: '0 0 120px' }}>
          <SmsCodeButton getMobile={getMobile} />
        </div>
      </div>
    </div>
  );
}

/** After the server accepted the login: the department/tenant choice when there are several, else signed in. */
function useSignIn(onFailed: () => void) {
  const { notification } = feedback();
  const [selecting, setSelecting] = useState<LoginResult>();

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

  const selectModal = selecting && (
    <Suspense fallback={null}>
      <LoginSelectModal
        result={selecting}
        onDone={(selection) => {
          setSelecting(undefined);
          complete(selecting, selection);
        }}
        onFail={() => {
          setSelecting(undefined);
          clearSession();
          onFailed();
        }}
      />
    </Suspense>
  );
  return { succeed, selectModal };
}

export default function Login() {
  const { notification } = feedback();
  const [params] = useSearchParams();
  const { token } = theme.useToken();
  const { values, errors, setValue, validate } = useLoginForm<LoginValues>(
    { username: params.get('username') ?? '', password: '', captcha: '', mobile: '', smsCode: '', rememberMe: true },
    RULES,
  );
  const [tab, setTab] = useState<LoginTab>('account');
  const [submitting, setSubmitting] = useState(false);
  const [checkKey, setCheckKey] = useState(() => String(Date.now()));
  const captchaSetting = useCaptchaRequired();
  // Until the server has said, the captcha shows (most deployments ask for it) and 确定 waits.
  const captchaRequired = captchaSetting !== false;

  const refreshCaptcha = () => {
    setCheckKey(String(Date.now()));
    setValue('captcha', '');
  };
  const { succeed, selectModal } = useSignIn(refreshCaptcha);

  const fail = (res: ApiResult<unknown> | undefined) => {
    notification.error({ message: '登录失败', description: res?.message || '请求出现错误，请稍后再试', duration: 4 });
    if (tab === 'account') refreshCaptcha();
  };

  const submit = async () => {
    if (captchaSetting === undefined) return;
    const fields = FIELDS[tab].filter((name) => captchaRequired || name !== 'captcha');
    const valid = validate(fields);
    if (!valid) return;
    setSubmitting(true);
    try {
      const res =
        tab === 'account'
          ? await login({
              username: valid.username.trim(),
              password: valid.password,
              ...(captchaRequired ? { captcha: valid.captcha.trim(), checkKey } : {}),
              remember_me: valid.rememberMe,
            })
          : await phoneLogin({ mobile: valid.mobile.trim(), captcha: valid.smsCode.trim(), remember_me: valid.rememberMe });
      if (isLoginSuccess(res) && res.result?.token) succeed(res.result);
      else fail(res);
    } catch {
      fail(undefined);
    } finally {
      setSubmitting(false);
    }
  };

  const field: FieldProps = (name) => ({
    value: values[name] as string,
    status: errors[name] ? 'error' : undefined,
    onChange: (event) => setValue(name, event.target.value),
  });

  return (
    <>
      <form
        noValidate
        autoComplete="off"
        style={{ '--login-primary': token.colorPrimary } as CSSProperties}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <LoginTabs
          tabs={[
            { key: 'account', label: '账号密码登录' },
            { key: 'phone', label: '手机号登录' },
          ]}
          active={tab}
          onChange={setTab}
        />
        {tab === 'account' ? (
          <AccountPanel
            field={field}
            errors={errors}
            captchaRequired={captchaRequired}
            checkKey={checkKey}
            refreshCaptcha={refreshCaptcha}
          />
        ) : (
          <PhonePanel field={field} errors={errors} getMobile={async () => validate(['mobile'])?.mobile.trim()} />
        )}
        <div className="login-field" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Checkbox checked={values.rememberMe} onChange={(event) => setValue('rememberMe', event.target.checked)}>
            自动登录
          </Checkbox>
          <span className="login-links">
            <Link to="/user/alteration">忘记密码</Link>
            <Link to="/user/register" style={{ marginLeft: 16 }}>
              注册账户
            </Link>
          </span>
        </div>
        <div className="login-field">
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            disabled={submitting || captchaSetting === undefined}
          >
            确定
          </Button>
        </div>
      </form>
      {selectModal}
    </>
  );
}
