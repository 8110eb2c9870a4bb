import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '../../../config';
import { saveLogin, saveTenant } from '../../../state/session';
import PublicShell from './PublicShell';
import { failureText, pushSignIn } from './publicApi';

/** One server call per pushed payload, even when the page mounts twice (the nonce is single use). */
const calls = new Map<string, ReturnType<typeof pushSignIn>>();

/** /xypj/reloginpush?data=&datakey=: sign-in pushed by the provincial platform; stores the token like the login page and goes home. */
export default function PushSignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const data = params.get('data') ?? '';
  const datakey = params.get('datakey') ?? '';

  useEffect(() => {
    if (!data || !datakey) {
      setError('推送登录参数不完整');
      return;
    }
    const key = `${data}.${datakey}`;
    if (!calls.has(key)) calls.set(key, pushSignIn(data, datakey));
    let cancelled = false;
    calls.get(key)!.then(
      (login) => {
        if (cancelled) return;
        if (!login?.token) {
          setError('推送登录失败');
          return;
        }
        if (login.tenantList?.length === 1) saveTenant(login.tenantList[0].id);
        saveLogin(login);
        navigate(HOME_PATH, { replace: true });
      },
      (failure: unknown) => !cancelled && setError(failureText(failure, '推送登录失败')),
    );
    return () => {
      cancelled = true;
    };
  }, [data, datakey, navigate]);

  return (
    <PublicShell title="平台推送登录" width={760}>
      {error ? (
        <Result
          status="error"
          title="登录失败"
          subTitle={error}
          extra={
            <Link to="/user/login">
              <Button type="primary">使用账号登录</Button>
            </Link>
          }
        />
      ) : (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin tip="正在登录…" size="large">
            <div style={{ height: 80 }} />
          </Spin>
        </div>
      )}
    </PublicShell>
  );
}
