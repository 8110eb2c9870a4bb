import { useAtomValue } from 'jotai';
import { useRouteMeta } from '../router/routeMeta';
import { renderUrlTemplate, substitutePlaceholders } from '../router/urlTemplate';
import { urlTemplateScope } from '../router/urlScope';
import { tenantIdAtom, tokenAtom } from '../state/session';

/** layouts/IframePageView: meta.url in an iframe, with `{{ }}` templates and ${token}/${tenantId}. */
export default function IframePageView() {
  const route = useRouteMeta();
  const token = useAtomValue(tokenAtom);
  const tenantId = useAtomValue(tenantIdAtom);
  const raw = route?.item.meta?.url ?? '';
  const src = substitutePlaceholders(renderUrlTemplate(raw, urlTemplateScope(token, tenantId)), token, tenantId);
  if (!src) return <div style={{ padding: 24 }}>未配置页面地址</div>;
  return (
    <iframe
      id={route?.path}
      title={route?.title ?? 'iframe'}
      src={src}
      style={{ width: '100%', height: 800, border: 0, background: '#fff' }}
    />
  );
}
