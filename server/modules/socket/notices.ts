import type { WebSocket } from 'ws';
import { send } from './vxe-hub';

/** What the header bell reads: `topic` = for everyone, `user` = for one user. */
export interface NoticeMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'email' | 'sign' | 'publish';
  msgId?: string;
  msgTxt?: string;
  userId?: string;
}

/** Notice sockets of this process by user id (one process serves the API; several would need a shared channel such as Redis). */
const byUser = new Map<string, Set<WebSocket>>();
/** The session (token row id) each socket was opened by, when known. */
const sessionOf = new WeakMap<WebSocket, string>();

export function addNoticeSocket(userId: string, socket: WebSocket, tokenId?: string): void {
  const set = byUser.get(userId) ?? new Set<WebSocket>();
  byUser.set(userId, set);
  set.add(socket);
  if (tokenId) sessionOf.set(socket, tokenId);
}

/** Closes the notice sockets of one revoked session (强制退出); returns how many. */
export function closeSessionSockets(userId: string, tokenId: string): number {
  let closed = 0;
  for (const socket of byUser.get(userId) ?? []) {
    if (sessionOf.get(socket) !== tokenId) continue;
    socket.close(4001, 'session revoked');
    closed++;
  }
  return closed;
}

export function removeNoticeSocket(userId: string, socket: WebSocket): void {
  const set = byUser.get(userId);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) byUser.delete(userId);
}

export function noticeSocketCount(userId: string): number {
  return byUser.get(userId)?.size ?? 0;
}

/** Pushes a message to every open notice socket of one user. */
export function notifyUser(userId: string, msg: NoticeMessage): void {
  for (const socket of byUser.get(userId) ?? []) send(socket, msg);
}

/** Pushes a message to every open notice socket. */
export function notifyAll(msg: NoticeMessage): void {
  for (const set of byUser.values()) for (const socket of set) send(socket, msg);
}

export const HEARTCHECK: NoticeMessage = { cmd: 'heartcheck', msgTxt: '心跳响应' };
