import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT } from '../config';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** Mobile below 1088 px; the 768 px breakpoint gives the same device class. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT);
  useEffect(() => {
    const media = window.matchMedia?.(QUERY);
    const update = () => setMobile(window.innerWidth < MOBILE_BREAKPOINT);
    update();
    media?.addEventListener?.('change', update);
    window.addEventListener('resize', update);
    return () => {
      media?.removeEventListener?.('change', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return mobile;
}
