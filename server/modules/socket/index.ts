import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { requireSession } from '../../core/access-control';
import type { AppDeps, ApiModule } from '../../core/deps';
import { ApiError, ok, unauthorized } from '../../core/envelope';
import { objectSchema, SAFE_CODE, text } from '../../core/schemas';
import type { TokenService } from '../../core/tokens';
import { HEARTCHECK } from './notices';
import { TicketStore, type TicketHolder } from './tickets';
import { send, SOCKET_KEY, VxeHub, type VxeClient } from './vxe-hub';

export { NoticeHub, type NoticeMessage } from './notices';
export { TICKET_TTL_MS } from './tickets';

/** frames above this size close the socket (ws answers 1009) */
export const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_SOCKETS_PER_USER = 20;
/** frames a socket may send per window; the rest are dropped */
const MESSAGE_BUDGET = { max: 100, windowMs: 10_000 };

interface SocketQuery {
  ticket?: string;
  socketKey?: string;
}

/** The first sub-protocol offered (Sec-WebSocket-Protocol); ws answers the handshake with that one. */
function firstProtocol(request: FastifyRequest): string {
  const protocols = request.headers['sec-websocket-protocol'];
  return (typeof protocols === 'string' ? protocols.split(',')[0] : '').trim();
}

/**
 * The user a handshake signs in as: a one-time ticket from `?ticket=` or the first sub-protocol, or, as
 * JeecgBoot clients send it (`new WebSocket(url, [token])`), the access token as the first sub-protocol.
 * A token is never read from the URL. Null when nothing valid is offered.
 */
async function handshakeUser(
  request: FastifyRequest<{ Querystring: SocketQuery }>,
  tickets: TicketStore,
  tokens: TokenService,
): Promise<TicketHolder | null> {
  if (request.query.ticket) return tickets.consumeHolder(request.query.ticket);
  const offered = firstProtocol(request);
  if (!offered) return null;
  const byTicket = await tickets.consumeHolder(offered);
  if (byTicket) return byTicket;
  const session = await tokens.resolve(offered);
  return session ? { userId: session.user.id, tokenId: session.tokenId } : null;
}

/** The session a notice socket was opened by (set in preValidation). */
const socketSession = new WeakMap<FastifyRequest, string | undefined>();

function budget(): () => boolean {
  let windowStart = Date.now();
  let used = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart > MESSAGE_BUDGET.windowMs) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    return used <= MESSAGE_BUDGET.max;
  };
}

function onText(socket: WebSocket, handle: (text: string) => void): void {
  const allowed = budget();
  socket.on('message', (data, isBinary) => {
    if (isBinary || !allowed()) return;
    handle(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
  });
}

const USER_PARAM = text('用户ID', 32, { minLength: 1, pattern: SAFE_CODE });
const QUERY = objectSchema({ ticket: text('票据', 100), socketKey: text('socketKey', 1000) });

async function socketRoutes(scope: FastifyInstance, { db, tokens, shared, notices }: AppDeps, tickets: TicketStore): Promise<void> {
  await scope.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    errorHandler: (_error, socket) => socket.terminate(),
  });
  const hub = new VxeHub(shared);

  /** Only a websocket handshake with a live ticket or token of the user named in the path gets through. */
  const admit = async (request: FastifyRequest<{ Params: { userId: string }; Querystring: SocketQuery }>) => {
    if (!request.ws) throw new ApiError('请使用WebSocket连接', { httpStatus: 400, code: 400 });
    const holder = await handshakeUser(request, tickets, tokens);
    const owner = holder?.userId;
    if (!owner || owner !== request.params.userId) throw unauthorized();
    socketSession.set(request, holder.tokenId);
    const user = await db.selectFrom('sys_user').select('status').where('id', '=', owner).where('del_flag', '=', 0).executeTakeFirst();
    if (!user || user.status !== 1) throw unauthorized('账号已被锁定,请联系管理员!');
  };

  scope.get<{ Params: { userId: string; pageId: string }; Querystring: SocketQuery }>(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      config: { public: true },
      schema: {
        params: objectSchema({ userId: USER_PARAM, pageId: text('页面ID', 64, { minLength: 1, pattern: SAFE_CODE }) }, [
          'userId',
          'pageId',
        ]),
        querystring: QUERY,
      },
      preValidation: admit,
    },
    (socket, request) => {
      const { userId, pageId } = request.params;
      if (hub.countFor(userId) >= MAX_SOCKETS_PER_USER) return socket.close(1008, 'too many sockets');
      const client: VxeClient = { id: hub.newClientId(), socket, userId, pageId, keys: new Set() };
      for (const key of (request.query.socketKey ?? '').split(',')) if (SOCKET_KEY.test(key.trim())) hub.bind(client, key.trim());
      hub.add(client);
      onText(socket, (raw) => hub.receive(client, raw));
      socket.on('close', () => hub.remove(client));
    },
  );

  scope.get<{ Params: { userId: string }; Querystring: SocketQuery }>(
    '/websocket/:userId',
    {
      websocket: true,
      config: { public: true },
      schema: { params: objectSchema({ userId: USER_PARAM }, ['userId']), querystring: QUERY },
      preValidation: admit,
    },
    (socket, request) => {
      const { userId } = request.params;
      if (notices.count(userId) >= MAX_SOCKETS_PER_USER) return socket.close(1008, 'too many sockets');
      notices.add(userId, socket, socketSession.get(request));
      onText(socket, () => send(socket, HEARTCHECK));
      socket.on('close', () => notices.remove(userId, socket));
    },
  );
}

/**
 * GET /sys/socket/ticket (signed in) → {ticket}, valid 30 s, once; then
 * `{ws base}{api base}/vxeSocket/{userId}/{pageId}?ticket=…` and `{ws base}{api base}/websocket/{userId}?ticket=…`.
 */
export const socketModule: ApiModule = async (api, deps) => {
  const tickets = new TicketStore(deps.shared);
  api.get('/sys/socket/ticket', { config: { authenticated: true } }, async (request) => {
    const session = requireSession(request);
    return ok({ ticket: await tickets.issue(session.user.id, session.tokenId) });
  });
  await api.register(async (scope) => socketRoutes(scope, deps, tickets));
};
