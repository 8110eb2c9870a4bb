import { API_BASE } from '../config';
import type { TemplateScope } from './urlTemplate';

/** The only values a menu url template can read. */
export function urlTemplateScope(token: string | undefined, tenantId: string | undefined): TemplateScope {
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  const domianURL = /^https?:\/\//.test(API_BASE) ? API_BASE : `${origin}${API_BASE}`;
  const config = {
    domianURL,
    staticDomainURL: `${domianURL}/sys/common/static`,
    pdfDomainURL: `${domianURL}/sys/common/pdf/pdfPreviewIframe`,
  };
  return {
    apiBase: API_BASE,
    ...config,
    token: token ?? '',
    tenantId: tenantId ?? '0',
    // Reference menus write `window._CONFIG['domianURL']`; this is a plain data object, not the real window.
    window: { _CONFIG: config },
  };
}
