import { useEffect, useState } from 'react';
import { fetchLoginSettings } from '../../../api/auth';

/** True unless the server says it asks for no captcha (LOGIN_CAPTCHA=off); until it answers, the captcha shows. */
export function useCaptchaRequired(): boolean {
  const [required, setRequired] = useState(true);
  useEffect(() => {
    let alive = true;
    fetchLoginSettings()
      .then((res) => {
        if (alive && res.success && res.result?.captcha === false) setRequired(false);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return required;
}
