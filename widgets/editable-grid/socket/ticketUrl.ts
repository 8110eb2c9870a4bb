import type { RendererServices } from '@renderer/context';

/** ws(s)://host{apiBase} for an API base that is a path ("/api") or an absolute http(s) address. */
export function websocketBase(apiBase: string, location: { href: string } = window.location): string {
  const url = new URL(apiBase.replace(/\/+$/, '') || '/', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString().replace(/\/+$/, '');
}

/**
 * Socket address factory for the signed-in user: fetches a single-use ticket
 * (GET /sys/socket/ticket) for every (re)connection, never putting the token in the URL.
 */
export function ticketUrlFactory(services: Pick<RendererServices, 'data' | 'apiBase' | 'user'>) {
  return async (pageId: string, socketKeys: readonly string[]): Promise<string> => {
    const userId = services.user?.id;
    if (!userId) throw new Error('vxe socket needs a signed-in user');
    const ticket = (await services.data.getOne<{ ticket?: string } | null>('/sys/socket/ticket'))?.ticket;
    if (!ticket) throw new Error('no socket ticket');
    const query = new URLSearchParams({ ticket });
    if (socketKeys.length) query.set('socketKey', socketKeys.join(','));
    return `${websocketBase(services.apiBase)}/vxeSocket/${encodeURIComponent(userId)}/${pageId}?${query.toString()}`;
  };
}
