import { randomBytes } from 'node:crypto';
import type { SharedState } from '../../core/shared-state';

export const TICKET_TTL_MS = 30_000;

export interface TicketHolder {
  userId: string;
  /** the session (token row) that asked for the ticket; its sockets close when it is revoked */
  tokenId?: string;
}

const TICKET = /^[A-Za-z0-9_-]{32}$/;

/**
 * Short-lived single-use tickets that let a browser open a websocket (browsers cannot set the
 * X-Access-Token header on a websocket handshake, and tokens never travel in URLs). Kept in the shared state, so
 * a ticket issued by one instance opens a socket on another.
 */
export class TicketStore {
  constructor(private readonly shared: SharedState) {}

  async issue(userId: string, tokenId?: string): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.shared.put(`ticket:${ticket}`, JSON.stringify({ userId, tokenId } satisfies TicketHolder), TICKET_TTL_MS);
    return ticket;
  }

  /** The user the ticket was issued to, once; null when unknown, used or expired. */
  async consume(ticket: string): Promise<string | null> {
    return (await this.consumeHolder(ticket))?.userId ?? null;
  }

  /** The user and session the ticket was issued to, once; null when unknown, used or expired. */
  async consumeHolder(ticket: string): Promise<TicketHolder | null> {
    if (!TICKET.test(ticket)) return null;
    const raw = await this.shared.take(`ticket:${ticket}`);
    return raw ? (JSON.parse(raw) as TicketHolder) : null;
  }
}
