import { feedback } from '../../../feedback';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { sendSms } from '../../../api/auth';
import { doneOf, refusalText } from '../../../api/request';

export const SMS_COUNTDOWN_SECONDS = 60;

/** 获取验证码 with a 60 s countdown; `getMobile` validates and returns the number (or nothing). */
export function SmsCodeButton({ getMobile, smsmode = '0' }: { getMobile: () => Promise<string | undefined>; smsmode?: '0' | '1' | '2' }) {
  const { notification, message } = feedback();
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    const mobile = await getMobile();
    if (!mobile) return;
    setSending(true);
    setRemaining(SMS_COUNTDOWN_SECONDS);
    const hide = message.loading('验证码发送中..', 0);
    try {
      doneOf(await sendSms(mobile, smsmode));
    } catch (error) {
      setRemaining(0);
      notification.error({ message: '获取验证码失败', description: refusalText(error, '请求出现错误，请稍后再试'), duration: 4 });
    } finally {
      hide();
      setSending(false);
    }
  };

  return (
    <Button size="large" onClick={send} disabled={remaining > 0 || sending} style={{ width: '100%' }}>
      {remaining > 0 ? `${remaining} s` : '获取验证码'}
    </Button>
  );
}
