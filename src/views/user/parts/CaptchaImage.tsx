import { feedback } from '../../../feedback';
import { useEffect, useState } from 'react';
import { fetchCaptcha } from '../../../api/auth';

const FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="105" height="35"><rect width="105" height="35" fill="#f5f5f5"/><text x="52" y="22" font-size="12" text-anchor="middle" fill="#999">点击刷新</text></svg>',
  );

/** Captcha image for `checkKey`; a click asks the parent for a new key. */
export function CaptchaImage({ checkKey, onRefresh }: { checkKey: string; onRefresh: () => void }) {
  const { message } = feedback();
  // The image the server issued for a key; data-check-key appears only once it is shown.
  const [image, setImage] = useState<{ key: string; src: string }>();
  useEffect(() => {
    let alive = true;
    setImage(undefined);
    fetchCaptcha(checkKey)
      .then((res) => {
        if (!alive) return;
        if (res.success && typeof res.result === 'string') setImage({ key: checkKey, src: res.result });
        else message.error(res.message || '验证码获取失败');
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [checkKey, message]);
  return (
    <img
      src={image?.src ?? FALLBACK}
      alt="验证码"
      title="看不清？点击刷新"
      data-testid="captcha-image"
      data-check-key={image?.key}
      onClick={onRefresh}
      style={{ width: 105, height: 38, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6, boxSizing: 'border-box' }}
    />
  );
}
