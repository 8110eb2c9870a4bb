import type { WebSocket } from 'ws';

/** socketKey / common_send_date key: what a schema names, nothing more */
export const SOCKET_KEY = /^[A-Za-z0-9_:.\-]{1,100}$/;
const MAX_KEYS_PER_SOCKET = 50;
const OPEN = 1;

export interface VxeClient {
  socket: WebSocket;
  userId: string;
  pageId: string;
  keys: Set<string>;
}

type Relayed =
  | { type: 'update_vxe_table'; data: { socketKey: string; args: unknown[] } }
  | { type: 'common_send_date'; data: { key: string; args: unknown[] } };

type Incoming =
  | { kind: 'heartbeat' }
  | { kind: 'bind'; key: string }
  | { kind: 'unbind'; key: string }
  | { kind: 'relay'; key: string; message: Relayed };

function str(v: unknown): string | null {
  return typeof v === 'string' && SOCKET_KEY.test(v) ? v : null;
}

/** One client frame as something the hub acts on; null for anything malformed (ignored). */
export function parseVxeMessage(raw: string): Incoming | null {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return null;
  const { type, data } = msg as { type?: unknown; data?: unknown };
  if (type === 'heart_beat') return { kind: 'heartbeat' };
  const d = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  if (!d) return null;
  if (type === 'bind' || type === 'unbind') {
    const key = str(d.socketKey);
    if (!key) return null;
    return type === 'bind' ? { kind: 'bind', key } : { kind: 'unbind', key };
  }
  if (type === 'update_vxe_table') {
    const key = str(d.socketKey);
    if (!key || !Array.isArray(d.args) || !d.args[0] || typeof d.args[0] !== 'object') return null;
    return { kind: 'relay', key, message: { type, data: { socketKey: key, args: d.args } } };
  }
  if (type === 'common_send_date') {
    const key = str(d.key);
    if (!key || !Array.isArray(d.args)) return null;
    return { kind: 'relay', key, message: { type, data: { key, args: d.args } } };
  }
  return null;
}

/**
 * Editable-grid sync: a socket is bound to the keys named in its URL (`socketKey=a,b`), in a
 * `{type:'bind', data:{socketKey}}` frame, or in any update it sends; updates go to the other sockets
 * bound to the same key and nowhere else.
 */
export class VxeHub {
  private readonly clients = new Set<VxeClient>();

  add(client: VxeClient): void {
    this.clients.add(client);
  }

  remove(client: VxeClient): void {
    this.clients.delete(client);
  }

  countFor(userId: string): number {
    let n = 0;
    for (const c of this.clients) if (c.userId === userId) n++;
    return n;
  }

  bind(client: VxeClient, key: string): void {
    if (client.keys.size < MAX_KEYS_PER_SOCKET || client.keys.has(key)) client.keys.add(key);
  }

  receive(client: VxeClient, raw: string): void {
    const msg = parseVxeMessage(raw);
    if (!msg) return;
    if (msg.kind === 'heartbeat') {
      send(client.socket, { type: 'heart_beat', data: true });
    } else if (msg.kind === 'bind') {
      this.bind(client, msg.key);
    } else if (msg.kind === 'unbind') {
      client.keys.delete(msg.key);
    } else {
      this.bind(client, msg.key);
      for (const other of this.clients) if (other !== client && other.keys.has(msg.key)) send(other.socket, msg.message);
    }
  }
}

export function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
}
