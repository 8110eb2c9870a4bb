import { useEffect, useState } from 'react';

/** Below this width the app uses its mobile layout: the menu becomes a drawer and lists fix no columns. */
export const MOBILE_BREAKPOINT = 1088;

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** True while the window is narrower than MOBILE_BREAKPOINT. */
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
