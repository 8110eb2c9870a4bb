import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/types';
import { newId } from './ids';
import type { ReadCache } from './shared-state';

/** Token lifetime: 7 days, absolute (not extended by use). */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  status: number;
  relTenantIds: string[];
}

export interface Session {
  tokenId: string;
  user: SessionUser;
}

export function splitIds(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Random tokens; the database keeps only an HMAC of each, keyed by the server's token secret. */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** caches live sessions by token hash; without it every request reads sys_user_token */
    private readonly cache?: ReadCache,
  ) {}

  private hash(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('hex');
  }

  async issue(user: { id: string; username: string }, ip: string | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db
      .insertInto('sys_user_token')
      .values({
        id: newId(),
        token_hash: this.hash(token),
        user_id: user.id,
        username: user.username,
        ip,
        create_time: now,
        expire_time: new Date(now.getTime() + TOKEN_LIFETIME_MS),
        last_used_time: now,
      })
      .execute();
    return token;
  }

  /** The live session of a token, or null when unknown, revoked or expired. */
  async resolve(token: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
    const hash = this.hash(token);
    if (!this.cache) return (await this.liveSession('t.token_hash', hash))?.session ?? null;
    const live = await this.cache.get(`session:${hash}`, () => this.liveSession('t.token_hash', hash), {
      keep: (found) => found !== null,
      expiresAt: (found) => found?.expiresAt ?? 0,
    });
    return live?.session ?? null;
  }

  /** The live session of a token row (for signed links tied to the session that asked for them). */
  async resolveById(tokenId: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tokenId)) return null;
    return (await this.liveSession('t.id', tokenId))?.session ?? null;
  }

  private async liveSession(key: 't.token_hash' | 't.id', value: string): Promise<{ session: Session; expiresAt: number } | null> {
    const row = await this.db
      .selectFrom('sys_user_token as t')
      .innerJoin('sys_user as u', 'u.id', 't.user_id')
      .select([
        't.id as tokenId',
        't.last_used_time',
        't.expire_time',
        'u.id',
        'u.username',
        'u.realname',
        'u.org_code',
        'u.status',
        'u.rel_tenant_ids',
      ])
      .where(key, '=', value)
      .where('t.expire_time', '>', sql<Date>`now()`)
      .where('u.del_flag', '=', 0)
      .executeTakeFirst();
    if (!row) return null;
    if (Date.now() - row.last_used_time.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('sys_user_token').set({ last_used_time: new Date() }).where('id', '=', row.tokenId).execute();
    }
    const session: Session = {
      tokenId: row.tokenId,
      user: {
        id: row.id,
        username: row.username,
        realname: row.realname,
        orgCode: row.org_code,
        status: row.status,
        relTenantIds: splitIds(row.rel_tenant_ids),
      },
    };
    return { session, expiresAt: row.expire_time.getTime() };
  }

  /** Revokes one token; returns the user it belonged to, if any. */
  async revoke(token: string): Promise<{ userId: string; username: string; tokenId: string } | null> {
    const row = await this.db
      .deleteFrom('sys_user_token')
      .where('token_hash', '=', this.hash(token))
      .returning(['id', 'user_id', 'username'])
      .executeTakeFirst();
    this.cache?.invalidateAll();
    return row ? { userId: row.user_id, username: row.username, tokenId: row.id } : null;
  }

  /** Revokes every token of a user (password change, freeze, forced logout), optionally keeping one. */
  async revokeAllOfUser(userId: string, exceptTokenId?: string): Promise<number> {
    let q = this.db.deleteFrom('sys_user_token').where('user_id', '=', userId);
    if (exceptTokenId) q = q.where('id', '<>', exceptTokenId);
    const res = await q.executeTakeFirst();
    this.cache?.invalidateAll();
    return Number(res.numDeletedRows);
  }

  async deleteExpired(): Promise<void> {
    await this.db
      .deleteFrom('sys_user_token')
      .where('expire_time', '<=', sql<Date>`now()`)
      .execute();
  }
}

/** TOKEN_SECRET from the environment, else the one stored in sys_config (generated on first start). */
export async function resolveTokenSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const existing = await db.selectFrom('sys_config').select('config_value').where('config_key', '=', 'token_secret').executeTakeFirst();
  if (existing) return existing.config_value;
  const secret = randomBytes(48).toString('base64url');
  await db
    .insertInto('sys_config')
    .values({ config_key: 'token_secret', config_value: secret, update_time: new Date() })
    .onConflict((oc) => oc.column('config_key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('sys_config')
    .select('config_value')
    .where('config_key', '=', 'token_secret')
    .executeTakeFirstOrThrow();
  return stored.config_value;
}
