import type { Db } from '../../db/types';

/** Explains why an account is not active (e.g. a company awaiting review); null when it has nothing to say. */
export type InactiveAccountReason = (db: Db, user: { id: string; username: string }) => Promise<string | null>;

const reasons = new Map<string, InactiveAccountReason>();

/** Lets a module say why its accounts are inactive; shown at sign-in after the password was checked. */
export function registerInactiveAccountReason(name: string, reason: InactiveAccountReason): void {
  reasons.set(name, reason);
}

export async function inactiveAccountMessage(db: Db, user: { id: string; username: string }, fallback: string): Promise<string> {
  for (const reason of reasons.values()) {
    const message = await reason(db, user);
    if (message) return message;
  }
  return fallback;
}
