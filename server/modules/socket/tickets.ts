import { randomBytes } from 'node:crypto';

export const TICKET_TTL_MS = 30_000;
const MAX_OUTSTANDING = 10_000;

interface Entry {
  userId: string;
  /** the session (token row) that asked for the ticket; its sockets close when it is revoked */
  tokenId?: string;
  expiresAt: number;
}

export interface TicketHolder {
  userId: string;
  tokenId?: string;
}

/**
 * Short-lived single-use tickets that let a browser open a websocket (browsers cannot set the
 * X-Access-Token header on a websocket handshake, and tokens never travel in URLs).
 */
export class TicketStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(userId: string, tokenId?: string): string {
    this.sweep();
    if (this.entries.size >= MAX_OUTSTANDING) this.entries.delete(this.entries.keys().next().value as string);
    const ticket = randomBytes(24).toString('base64url');
    this.entries.set(ticket, { userId, tokenId, expiresAt: this.now() + TICKET_TTL_MS });
    return ticket;
  }

  /** The user the ticket was issued to, once; null when unknown, used or expired. */
  consume(ticket: string): string | null {
    return this.consumeHolder(ticket)?.userId ?? null;
  }

  /** The user and session the ticket was issued to, once; null when unknown, used or expired. */
  consumeHolder(ticket: string): TicketHolder | null {
    const entry = this.entries.get(ticket);
    if (!entry) return null;
    this.entries.delete(ticket);
    return entry.expiresAt > this.now() ? { userId: entry.userId, tokenId: entry.tokenId } : null;
  }

  private sweep(): void {
    const now = this.now();
    for (const [ticket, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(ticket);
  }
}
