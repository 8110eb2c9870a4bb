import type { Grants } from './permissions';
import type { Session } from './tokens';

export type RateLimitBucket = 'login' | 'captcha' | 'sms' | 'register' | 'certCheck';

/**
 * Every API route declares exactly one access rule in its `config`:
 *   { public: true }            anyone
 *   { authenticated: true }     any signed-in user
 *   { permission: 'code' }      signed-in user holding the code (or any of several)
 * Optional: { rateLimit: 'login' | 'captcha' | 'sms' | 'register' | 'certCheck' }, counted per client address; with
 * { rateLimitPerUser: true } a public route counts a signed-in caller per user instead (colleagues behind
 * one office address do not share a window).
 */
export interface AccessConfig {
  public?: true;
  authenticated?: true;
  permission?: string | readonly string[];
  rateLimit?: RateLimitBucket;
  rateLimitPerUser?: true;
}

declare module 'fastify' {
  interface FastifySchema {
    /** media types of the body when it is not JSON (multipart uploads and imports) */
    consumes?: readonly string[];
  }

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends AccessConfig {}

  interface FastifyRequest {
    /** set for every non-public route once the token is accepted */
    session: Session | null;
    /** loaded lazily by requireGrants() */
    grants: Grants | null;
  }
}
