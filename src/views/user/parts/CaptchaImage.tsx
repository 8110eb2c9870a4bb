import { feedback } from '../../../feedback';
import { useEffect, useState } from 'react';
import { fetchCaptcha } from '../../../api/auth';
import { doneOf, refusalText } from '../../../api/request';

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
        const { result } = doneOf(res);
        if (!alive) return;
        if (typeof result === 'string') setImage({ key: checkKey, src: result });
        else message.error('验证码获取失败');
      })
      // a transport failure was shown by the HTTP layer
      .catch((error: unknown) => {
        const refusal = refusalText(error, '');
        if (alive && refusal) message.error(refusal);
      });
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
