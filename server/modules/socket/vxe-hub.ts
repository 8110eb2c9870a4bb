import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { SharedState } from '../../core/shared-state';

/** socketKey / common_send_date key: what a schema names, nothing more */
export const SOCKET_KEY = /^[A-Za-z0-9_:.-]{1,100}$/;
const MAX_KEYS_PER_SOCKET = 50;
const OPEN = 1;

export interface VxeClient {
  /** unique across instances: a relayed message skips the socket that sent it */
  id: string;
  socket: WebSocket;
  userId: string;
  pageId: string;
  /** grid socket keys (update_vxe_table; common_send_date too) */
  keys: Set<string>;
  /** common_send_date keys bound with `{type:'bind', data:{key}}` */
  commonKeys?: Set<string>;
}

type Relayed =
  | { type: 'update_vxe_table'; data: { socketKey: string; args: unknown[] } }
  | { type: 'common_send_date'; data: { key: string; args: unknown[] } };

/** `table`: a grid's socketKey; `common`: a common_send_date key */
type Scope = 'table' | 'common';

type Incoming =
  | { kind: 'heartbeat' }
  | { kind: 'bind'; key: string; scope: Scope }
  | { kind: 'unbind'; key: string; scope: Scope }
  | { kind: 'relay'; key: string; scope: Scope; message: Relayed };

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
    const scope: Scope = d.socketKey === undefined ? 'common' : 'table';
    const key = str(scope === 'table' ? d.socketKey : d.key);
    if (!key) return null;
    return { kind: type, key, scope };
  }
  if (type === 'update_vxe_table') {
    const key = str(d.socketKey);
    if (!key || !Array.isArray(d.args) || !d.args[0] || typeof d.args[0] !== 'object') return null;
    return { kind: 'relay', key, scope: 'table', message: { type, data: { socketKey: key, args: d.args } } };
  }
  if (type === 'common_send_date') {
    const key = str(d.key);
    if (!key || !Array.isArray(d.args)) return null;
    return { kind: 'relay', key, scope: 'common', message: { type, data: { key, args: d.args } } };
  }
  return null;
}

/** A relayed frame on the shared bus. */
interface RelayEvent {
  key: string;
  scope: Scope;
  sender: string;
  message: Relayed;
}

const CHANNEL = 'socket:vxe';

/**
 * Editable-grid sync: a socket is bound to the keys named in its URL (`socketKey=a,b`), in a
 * `{type:'bind', data:{socketKey}}` frame, or in any update it sends; updates go to the other sockets
 * bound to the same key and nowhere else. common_send_date keys are bound with `{type:'bind', data:{key}}`
 * (or by sending on the key); such a message reaches the other sockets bound to the key either way.
 * Relayed frames travel over the shared bus, so they reach sockets bound on every instance.
 */
export class VxeHub {
  private readonly clients = new Set<VxeClient>();
  private readonly idPrefix = randomBytes(6).toString('hex');
  private nextId = 0;

  constructor(private readonly shared: SharedState) {
    shared.subscribe(CHANNEL, (raw) => this.deliver(JSON.parse(raw) as RelayEvent));
  }

  newClientId(): string {
    return `${this.idPrefix}-${this.nextId++}`;
  }

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

  bind(client: VxeClient, key: string, scope: Scope = 'table'): void {
    const set = scope === 'table' ? client.keys : (client.commonKeys ??= new Set());
    const total = client.keys.size + (client.commonKeys?.size ?? 0);
    if (total < MAX_KEYS_PER_SOCKET || set.has(key)) set.add(key);
  }

  private bound(client: VxeClient, key: string, scope: Scope): boolean {
    return client.keys.has(key) || (scope === 'common' && !!client.commonKeys?.has(key));
  }

  receive(client: VxeClient, raw: string): void {
    const msg = parseVxeMessage(raw);
    if (!msg) return;
    if (msg.kind === 'heartbeat') {
      send(client.socket, { type: 'heart_beat', data: true });
    } else if (msg.kind === 'bind') {
      this.bind(client, msg.key, msg.scope);
    } else if (msg.kind === 'unbind') {
      (msg.scope === 'table' ? client.keys : client.commonKeys)?.delete(msg.key);
    } else {
      this.bind(client, msg.key, msg.scope);
      this.shared.publish(
        CHANNEL,
        JSON.stringify({ key: msg.key, scope: msg.scope, sender: client.id, message: msg.message } satisfies RelayEvent),
      );
    }
  }

  private deliver(event: RelayEvent): void {
    for (const other of this.clients)
      if (other.id !== event.sender && this.bound(other, event.key, event.scope)) send(other.socket, event.message);
  }
}

export function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
}
