/** What the server pushes on the notice socket. */
export interface NoticeFrame {
  cmd?: string;
  msgId?: string;
  msgTxt?: string;
  userId?: string;
  /** menu component names of the lists the notice concerns */
  reload?: string[];
}

export interface NoticeSocketOptions {
  /** ws(s)://…/websocket/{userId}?ticket=… (a fresh ticket each time) */
  url(): Promise<string>;
  onMessage(frame: NoticeFrame): void;
  /** The server closed the socket because the session was revoked (强制退出). */
  onRevoked(): void;
  heartbeatMs?: number;
  reconnectMs?: number;
}

const REVOKED_CODE = 4001;

/**
 * One notice websocket: a 'HeartBeat' every 20 s (a socket whose answer does not come within the next
 * beat is treated as dead), reconnect 5 s after close or error, with a lock so only one reconnect is pending.
 */
export class NoticeSocket {
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private lock = false;
  private stopped = false;
  private awaitingBeat = false;

  constructor(private readonly options: NoticeSocketOptions) {}

  start(): void {
    this.stopped = false;
    void this.open();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    this.socket?.close();
    this.socket = null;
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    let url: string;
    try {
      url = await this.options.url();
    } catch {
      this.reconnect();
      return;
    }
    if (this.stopped) return;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => this.startHeartbeat(socket);
    socket.onmessage = (event) => {
      this.awaitingBeat = false;
      let frame: NoticeFrame;
      try {
        frame = JSON.parse(String(event.data)) as NoticeFrame;
      } catch {
        return;
      }
      if (frame && typeof frame === 'object' && frame.cmd !== 'heartcheck') this.options.onMessage(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      clearInterval(this.heartbeat);
      if (event.code === REVOKED_CODE) {
        this.stopped = true;
        this.options.onRevoked();
        return;
      }
      this.reconnect();
    };
    socket.onerror = () => socket.close();
  }

  private startHeartbeat(socket: WebSocket): void {
    clearInterval(this.heartbeat);
    this.awaitingBeat = false;
    this.heartbeat = setInterval(() => {
      if (this.awaitingBeat) {
        socket.close();
        return;
      }
      this.awaitingBeat = true;
      if (socket.readyState === WebSocket.OPEN) socket.send('HeartBeat');
    }, this.options.heartbeatMs ?? 20_000);
  }

  private reconnect(): void {
    if (this.stopped || this.lock) return;
    this.lock = true;
    this.reconnectTimer = setTimeout(() => {
      this.lock = false;
      void this.open();
    }, this.options.reconnectMs ?? 5_000);
  }
}

/** The notice socket address of a user for a ticket, from the API base (relative or absolute). */
export function noticeSocketUrl(apiBase: string, userId: string, ticket: string, location: { protocol: string; host: string }): string {
  const base = /^https?:\/\//.test(apiBase)
    ? apiBase
    : `${location.protocol}//${location.host}${apiBase.startsWith('/') ? '' : '/'}${apiBase}`;
  return `${base.replace(/^http/, 'ws')}/websocket/${encodeURIComponent(userId)}?ticket=${encodeURIComponent(ticket)}`;
}
