import type { GridRow } from '../types';

export const HEARTBEAT_INTERVAL_MS = 10_000;
export const HEARTBEAT_REPLY_TIMEOUT_MS = 6_000;
export const RECONNECT_DELAY_MS = 5_000;

export type SocketMessage =
  | { type: 'heart_beat'; data?: unknown }
  | { type: 'bind' | 'unbind'; data: { socketKey: string } | { key: string } }
  | { type: 'common_send_date'; data: { key: string; args: unknown[] } }
  | { type: 'update_vxe_table'; data: { socketKey: string; args: [GridRow, string] } };

/** What the server sends this page. */
export type IncomingSocketMessage = Exclude<SocketMessage, { type: 'bind' | 'unbind' }>;

/** A grid bound to a socket key: receives rows other pages (or other grids) changed. */
export interface SocketTableBinding {
  socketKey: string;
  caseId: string;
  applyRow: (row: GridRow) => void;
}

export type WebSocketFactory = (url: string) => WebSocket;

/** 32 hex characters, one per page load. */
export function randomPageId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parse one message; anything malformed is null (and ignored by the caller). */
export function parseSocketMessage(raw: unknown): IncomingSocketMessage | null {
  if (typeof raw !== 'string') return null;
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object') return null;
  const { type, data } = msg as { type?: unknown; data?: unknown };
  if (type === 'heart_beat') return { type };
  const d = data as Record<string, unknown> | null | undefined;
  if (type === 'common_send_date' && d && typeof d.key === 'string' && Array.isArray(d.args)) {
    return { type, data: { key: d.key, args: d.args } };
  }
  if (
    type === 'update_vxe_table' &&
    d &&
    typeof d.socketKey === 'string' &&
    Array.isArray(d.args) &&
    d.args[0] &&
    typeof d.args[0] === 'object'
  ) {
    return { type, data: { socketKey: d.socketKey, args: [d.args[0] as GridRow, String(d.args[1] ?? '')] } };
  }
  return null;
}

/**
 * The page's one vxe socket: heartbeat every 10 s expecting a reply within 6 s, reconnect after 5 s
 * (one pending reconnect at a time), fan-out of update_vxe_table and common_send_date.
 */
export class VxeSocketClient {
  private ws: WebSocket | null = null;
  private tables = new Set<SocketTableBinding>();
  private csd = new Map<string, Set<(...args: unknown[]) => void>>();
  private beatTimer: ReturnType<typeof setTimeout> | undefined;
  private replyTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectLock = false;
  private closed = false;

  constructor(
    /** The address for the next connection, given the socket keys bound at that moment. */
    private readonly url: (socketKeys: string[]) => string | Promise<string>,
    private readonly create: WebSocketFactory = (u) => new WebSocket(u),
  ) {}

  async connect(): Promise<void> {
    this.closed = false;
    let url: string;
    try {
      url = await this.url(this.boundKeys());
    } catch {
      return this.reconnect();
    }
    if (this.closed) return;
    const ws = this.create(url);
    this.ws = ws;
    ws.onopen = () => {
      // keys bound while the ticket was fetched, and every key after a reconnect
      for (const socketKey of this.boundKeys()) this.send({ type: 'bind', data: { socketKey } });
      for (const key of this.csd.keys()) this.send({ type: 'bind', data: { key } });
      this.heartbeat();
    };
    ws.onmessage = (e: MessageEvent) => this.receive(e.data);
    ws.onclose = () => this.ws === ws && this.reconnect();
    ws.onerror = () => this.ws === ws && this.reconnect();
  }

  private heartbeat(): void {
    clearTimeout(this.beatTimer);
    clearTimeout(this.replyTimer);
    this.send({ type: 'heart_beat', data: { date: Date.now() } });
    this.replyTimer = setTimeout(() => this.reconnect(), HEARTBEAT_REPLY_TIMEOUT_MS);
  }

  private reconnect(): void {
    if (this.reconnectLock || this.closed) return;
    this.reconnectLock = true;
    this.stopTimers();
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = old.onerror = old.onmessage = old.onopen = null;
      try {
        old.close();
      } catch {
        /* already closed */
      }
    }
    setTimeout(() => {
      this.reconnectLock = false;
      if (!this.closed) void this.connect();
    }, RECONNECT_DELAY_MS);
  }

  private stopTimers(): void {
    clearTimeout(this.beatTimer);
    clearTimeout(this.replyTimer);
  }

  receive(raw: unknown): void {
    const msg = parseSocketMessage(raw);
    if (!msg) {
      console.warn('[vxeSocket] ignored malformed message');
      return;
    }
    if (msg.type === 'heart_beat') {
      clearTimeout(this.replyTimer);
      this.beatTimer = setTimeout(() => this.heartbeat(), HEARTBEAT_INTERVAL_MS);
    } else if (msg.type === 'common_send_date') {
      this.csd.get(msg.data.key)?.forEach((fn) => fn(...msg.data.args));
    } else {
      const [row, sender] = msg.data.args;
      for (const t of this.tables) if (t.socketKey === msg.data.socketKey && t.caseId !== sender) t.applyRow(row);
    }
  }

  send(message: SocketMessage): boolean {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Tell the other pages (and grids) bound to `socketKey` that a row changed. */
  sendRowUpdate(socketKey: string, row: GridRow, caseId: string): void {
    this.send({ type: 'update_vxe_table', data: { socketKey, args: [row, caseId] } });
    for (const t of this.tables) if (t.socketKey === socketKey && t.caseId !== caseId) t.applyRow(row);
  }

  /** Socket keys of the bound grids, each once. */
  boundKeys(): string[] {
    return [...new Set([...this.tables].map((t) => t.socketKey))];
  }

  bindTable(binding: SocketTableBinding): () => void {
    const isNewKey = !this.boundKeys().includes(binding.socketKey);
    this.tables.add(binding);
    if (isNewKey) this.send({ type: 'bind', data: { socketKey: binding.socketKey } });
    return () => {
      this.tables.delete(binding);
      if (!this.boundKeys().includes(binding.socketKey)) this.send({ type: 'unbind', data: { socketKey: binding.socketKey } });
    };
  }

  /**
   * Call `fn(...args)` when another page sends common_send_date on `key` (reference `addBindSocketCSD`).
   * The first function on a key binds it at the server (`{type:'bind', data:{key}}`), the last one removed unbinds it.
   */
  bindCommonSendDate(key: string, fn: (...args: unknown[]) => void): () => void {
    let set = this.csd.get(key);
    if (!set) {
      this.csd.set(key, (set = new Set()));
      this.send({ type: 'bind', data: { key } });
    }
    const mine = set;
    mine.add(fn);
    return () => {
      mine.delete(fn);
      if (mine.size === 0 && this.csd.get(key) === mine) {
        this.csd.delete(key);
        this.send({ type: 'unbind', data: { key } });
      }
    };
  }

  /** Send common_send_date `{key, args}`: the server passes it to the other pages bound to `key` (not back to this one). */
  sendCommonData(key: string, ...args: unknown[]): boolean {
    return this.send({ type: 'common_send_date', data: { key, args } });
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onerror = ws.onmessage = ws.onopen = null;
      ws.close();
    }
  }
}
