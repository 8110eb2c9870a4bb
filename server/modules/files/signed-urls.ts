import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { resolveTokenSecret } from '../../core/tokens';

/** How long a signed download address works: long enough to show a page, short enough to be worthless later. */
export const SIGNED_URL_TTL_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

/**
 * Short-lived signed addresses for private files, for places that cannot send the token header
 * (<img>, a new window, an iframe). The signature covers the stored path and the expiry only; the
 * session token never appears in a URL.
 */
export class FileUrlSigner {
  private constructor(private readonly key: Buffer) {}

  /** The key is derived from the server's token secret, so every instance sharing it accepts the address. */
  static async create(db: Db, tokenSecret: string | undefined): Promise<FileUrlSigner> {
    const secret = await resolveTokenSecret(db, tokenSecret);
    return new FileUrlSigner(createHmac('sha256', secret).update('xypj-file-url-v1').digest());
  }

  private mac(path: string, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${exp}\n${path}`).digest();
  }

  sign(path: string, now = Date.now()): { exp: number; sig: string } {
    const exp = now + SIGNED_URL_TTL_MS;
    return { exp, sig: this.mac(path, exp).toString('base64url') };
  }

  verify(path: string, expRaw: string, sig: string, now = Date.now()): boolean {
    if (!/^\d{13}$/.test(expRaw) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
    const exp = Number(expRaw);
    if (exp <= now || exp > now + SIGNED_URL_TTL_MS + CLOCK_SKEW_MS) return false;
    return timingSafeEqual(this.mac(path, exp), Buffer.from(sig, 'base64url'));
  }
}
