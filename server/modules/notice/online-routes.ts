import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { formatDateTime } from '../../core/time';
import { logOperation, OP_DELETE } from '../admin/oplog';
import { escapeLike } from '../entity/list-conditions';
import { anyText, LIST_QUERY, optionalBodySchema } from '../../core/schemas';

/** One live session (a token row) as 在线用户 lists it; `id` is the session id, never the token. */
interface OnlineRow {
  id: string;
  userId: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  sex: number | null;
  phone: string | null;
  departName: string | null;
  ip: string | null;
  loginTime: Date;
  lastSeen: Date;
}

function pageParam(value: unknown, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * GET /sys/online/list?username&pageNo&pageSize (permission online:list): live sessions, the caller's
 * own marked `current`. POST /sys/online/forceLogout {id} (or the contract's {token}, holding the session
 * id; permission online:forceLogout): revokes the session at once and closes its notice sockets.
 */
export function onlineRoutes(api: FastifyInstance, { db, notices }: AppDeps): void {
  api.get<{ Querystring: Record<string, unknown> }>(
    '/sys/online/list',
    { config: { permission: 'online:list' }, schema: { querystring: LIST_QUERY } },
    async (request) => {
      const session = requireSession(request);
      const q = request.query;
      const conds = [sql<SqlBool>`t.expire_time > now()`, sql<SqlBool>`u.del_flag = 0`];
      if (typeof q.username === 'string' && q.username.trim()) {
        if (q.username.length > 100) throw businessError('查询条件不正确');
        conds.push(
          sql<SqlBool>`(u.username ilike ${`%${escapeLike(q.username.trim())}%`} or u.realname ilike ${`%${escapeLike(q.username.trim())}%`})`,
        );
      }
      const where = sql.join(conds, sql` and `);
      const size = pageParam(q.pageSize, 10, 200);
      const current = pageParam(q.pageNo, 1, 100_000);
      const rows =
        await sql<OnlineRow>`select t.id, u.id as "userId", u.username, u.realname, u.avatar, u.sex, u.phone, d.depart_name as "departName",
        t.ip, t.create_time as "loginTime", t.last_used_time as "lastSeen"
      from sys_user_token t join sys_user u on u.id = t.user_id
      left join lateral (select depart_name from sys_depart where org_code = u.org_code and coalesce(del_flag, '0') = '0' limit 1) d on true
      where ${where} order by t.last_used_time desc, t.id limit ${size} offset ${(current - 1) * size}`.execute(db);
      const count = await sql<{
        n: number;
      }>`select count(*)::int as n from sys_user_token t join sys_user u on u.id = t.user_id where ${where}`.execute(db);
      const total = count.rows[0]?.n ?? 0;
      const records = rows.rows.map((r) => ({
        ...r,
        loginTime: formatDateTime(r.loginTime),
        lastSeen: formatDateTime(r.lastSeen),
        current: r.id === session.tokenId,
        sex_dictText: r.sex === 1 ? '男' : r.sex === 2 ? '女' : '',
      }));
      return ok({ records, total, size, current, pages: Math.ceil(total / size) });
    },
  );

  api.post<{ Body: { id?: string; token?: string } | null }>(
    '/sys/online/forceLogout',
    { config: { permission: 'online:forceLogout' }, schema: { body: optionalBodySchema({ id: anyText('会话'), token: anyText('会话') }) } },
    async (request) => {
      const { user } = requireSession(request);
      const id = request.body?.id ?? request.body?.token;
      if (typeof id !== 'string' || !id || id.length > 64) throw businessError('请选择要强制退出的会话');
      const row = await db.deleteFrom('sys_user_token').where('id', '=', id).returning(['user_id', 'username']).executeTakeFirst();
      if (!row) throw businessError('该用户已不在线');
      notices.closeSessionSockets(row.user_id, id);
      await logOperation(db, request, OP_DELETE, `${user.username} 强制退出用户 ${row.username} 的会话`);
      return okMessage(`已强制退出用户：${row.username}`);
    },
  );
}
