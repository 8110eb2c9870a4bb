import { useEffect, useState } from 'react';
import { fetchLoginSettings } from '../../../api/auth';
import { doneOf } from '../../../api/request';

/**
 * Whether the server asks for a captcha: undefined until it has answered, false when it says it does not
 * (LOGIN_CAPTCHA=off), true otherwise, also when the question fails.
 */
export function useCaptchaRequired(): boolean | undefined {
  const [required, setRequired] = useState<boolean>();
  useEffect(() => {
    let alive = true;
    fetchLoginSettings()
      .then((res) => alive && setRequired(doneOf(res).result?.captcha !== false))
      .catch(() => alive && setRequired(true));
    return () => {
      alive = false;
    };
  }, []);
  return required;
}
