import type { WebSocket } from 'ws';
import type { SharedState } from '../../core/shared-state';
import { send } from './vxe-hub';

/** What the header bell reads: `topic` = for everyone, `user` = for one user. */
export interface NoticeMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'email' | 'sign' | 'publish';
  msgId?: string;
  msgTxt?: string;
  userId?: string;
  /** component names of the lists the notice concerns: open ones reload when it arrives */
  reload?: string[];
}

/** One event on the notice channel; every instance applies it to the sockets it holds. */
type NoticeEvent =
  { to: 'user'; userId: string; msg: NoticeMessage } | { to: 'all'; msg: NoticeMessage } | { to: 'close'; userId: string; tokenId: string };

const CHANNEL = 'socket:notice';

/**
 * Notice sockets of this instance by user id. Pushes and forced closes go over the shared bus, so a notice sent
 * through one instance reaches the sockets held by every instance (in memory: this one only).
 */
export class NoticeHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  /** The session (token row id) each socket was opened by, when known. */
  private readonly sessionOf = new WeakMap<WebSocket, string>();

  constructor(private readonly shared: SharedState) {
    shared.subscribe(CHANNEL, (raw) => this.apply(JSON.parse(raw) as NoticeEvent));
  }

  add(userId: string, socket: WebSocket, tokenId?: string): void {
    const set = this.byUser.get(userId) ?? new Set<WebSocket>();
    this.byUser.set(userId, set);
    set.add(socket);
    if (tokenId) this.sessionOf.set(socket, tokenId);
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.byUser.delete(userId);
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Pushes a message to every open notice socket of one user. */
  notifyUser(userId: string, msg: NoticeMessage): void {
    this.shared.publish(CHANNEL, JSON.stringify({ to: 'user', userId, msg } satisfies NoticeEvent));
  }

  /** Pushes a message to every open notice socket. */
  notifyAll(msg: NoticeMessage): void {
    this.shared.publish(CHANNEL, JSON.stringify({ to: 'all', msg } satisfies NoticeEvent));
  }

  /** Closes the notice sockets of one revoked session (强制退出) with code 4001, wherever they are connected. */
  closeSessionSockets(userId: string, tokenId: string): void {
    this.shared.publish(CHANNEL, JSON.stringify({ to: 'close', userId, tokenId } satisfies NoticeEvent));
  }

  private apply(event: NoticeEvent): void {
    if (event.to === 'all') {
      for (const set of this.byUser.values()) for (const socket of set) send(socket, event.msg);
      return;
    }
    for (const socket of this.byUser.get(event.userId) ?? []) {
      if (event.to === 'user') send(socket, event.msg);
      else if (this.sessionOf.get(socket) === event.tokenId) socket.close(4001, 'session revoked');
    }
  }
}

export const HEARTCHECK: NoticeMessage = { cmd: 'heartcheck', msgTxt: '心跳响应' };
