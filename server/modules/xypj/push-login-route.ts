import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError } from '../../core/envelope';
import type { Db } from '../../db/types';
import { completeLogin } from '../auth/login-routes';
import { companyAccountReason } from './register-route';
import { PUSH_LOGIN_QUERY } from './request-schemas';

/** How far the payload's ts may be from the server's clock. */
export const PUSH_MAX_AGE_MS = 5 * 60_000;
/** Used nonces are kept this long (well past PUSH_MAX_AGE_MS, so a replay is always caught). */
const NONCE_KEEP_MS = 24 * 3600_000;

export interface PushPayload {
  dwcode: string;
  ts: number;
  nonce: string;
}

export const pushSignature = (data: string, key: string) => createHmac('sha256', key).update(data, 'utf8').digest('hex');

/** `data` as the platform builds it: base64url of the JSON payload. */
export const encodePushData = (payload: PushPayload) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

function signatureMatches(data: string, datakey: string, key: string): boolean {
  const expected = Buffer.from(pushSignature(data, key), 'hex');
  if (!/^[0-9a-fA-F]{64}$/.test(datakey)) return false;
  return timingSafeEqual(expected, Buffer.from(datakey.toLowerCase(), 'hex'));
}

function parsePayload(data: string): PushPayload {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    throw businessError('推送登录数据格式不正确');
  }
  const v = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const ts = typeof v.ts === 'string' && /^\d+$/.test(v.ts) ? Number(v.ts) : v.ts;
  if (
    typeof v.dwcode !== 'string' ||
    !v.dwcode.trim() ||
    typeof ts !== 'number' ||
    !Number.isFinite(ts) ||
    typeof v.nonce !== 'string' ||
    !/^[A-Za-z0-9_-]{8,64}$/.test(v.nonce)
  ) {
    throw businessError('推送登录数据格式不正确');
  }
  return { dwcode: v.dwcode.trim().toUpperCase(), ts, nonce: v.nonce };
}

/** Records the nonce; false when it was used before (by this or another server instance: the table is shared). */
async function useNonce(db: Db, nonce: string, now: Date): Promise<boolean> {
  await sql`delete from xypj_push_nonce where used_time < ${new Date(now.getTime() - NONCE_KEEP_MS)}`.execute(db);
  const res =
    await sql`insert into xypj_push_nonce (nonce, used_time) values (${nonce}, ${now}) on conflict (nonce) do nothing returning nonce`.execute(
      db,
    );
  return res.rows.length === 1;
}

/**
 * GET /sys/outuserdlzc/getdwcode?data=&datakey= (public, login rate limit): sign-in pushed by the
 * provincial platform (docs/platform-push-sign-in.md). Verifies the HMAC, the time and the nonce,
 * finds the approved company of the credit code and answers like /sys/login (token, userInfo …).
 */
export function pushLoginRoute(api: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  api.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/outuserdlzc/getdwcode',
    { config: { public: true, rateLimit: 'login' }, schema: PUSH_LOGIN_QUERY },
    async (request) => {
      const key = config.platformPushKey;
      if (!key) throw businessError('未配置平台推送密钥');
      const data = typeof request.query?.data === 'string' ? request.query.data.trim() : '';
      const datakey = typeof request.query?.datakey === 'string' ? request.query.datakey.trim() : '';
      if (!data || !datakey) throw businessError('推送登录参数不完整');
      if (data.length > 2000 || !signatureMatches(data, datakey, key)) throw businessError('推送登录签名校验失败');
      const payload = parsePayload(data);
      const now = new Date();
      if (Math.abs(now.getTime() - payload.ts) > PUSH_MAX_AGE_MS) throw businessError('推送登录已过期，请从平台重新进入');
      if (!(await useNonce(db, payload.nonce, now))) throw businessError('推送登录请求已使用，请从平台重新进入');

      const res = await sql<{
        user_id: string | null;
      }>`select user_id from xypj_company where upper(credit_code) = ${payload.dwcode} order by create_time asc limit 1`.execute(db);
      const company = res.rows[0];
      if (!company) throw businessError('未找到该统一社会信用代码对应的企业，请先注册');
      if (!company.user_id) throw businessError('该企业尚未开通登录账号，请联系协会工作人员');
      const user = await db
        .selectFrom('sys_user')
        .selectAll()
        .where('id', '=', company.user_id)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!user) throw businessError('该企业尚未开通登录账号，请联系协会工作人员');
      const reason = await companyAccountReason(db, user);
      if (reason) throw businessError(reason);
      return completeLogin(deps, request, user);
    },
  );
}
