import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { formatDateTime } from '../../core/time';
import type { Db } from '../../db/types';
import { escapeLike } from '../entity/list-conditions';
import { SENT } from './announcements';
import { anyText, LIST_QUERY, optionalBodySchema, querySchema } from '../../core/schemas';

interface MarkInput {
  Querystring: { anntId?: string };
  Body: { anntId?: string } | null;
}

const LIST_BY_USER = { querystring: querySchema({ pageSize: anyText('每页条数') }) };
/** {anntId} in the body, or ?anntId= */
const MARK_ONE = { querystring: querySchema({ anntId: anyText('通告') }), body: optionalBodySchema({ anntId: anyText('通告') }) };
const NO_BODY = { body: optionalBodySchema() };
const MY_LIST = { querystring: LIST_QUERY };

/** What the bell, 我的消息 and the detail dialog read (the reference's AnnouncementSendModel). */
export interface AnnouncementSendModel {
  id: string;
  anntId: string;
  userId: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: string;
  readFlag: string;
  sendTime: Date | null;
  createTime: Date | null;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
}

const MODEL = sql`s.id, a.id as "anntId", s.user_id as "userId", a.titile, a.msg_content as "msgContent", a.msg_abstract as "msgAbstract",
  a.sender, a.priority, s.read_flag as "readFlag", a.send_time as "sendTime", a.create_time as "createTime", a.msg_category as "msgCategory",
  a.open_type as "openType", a.open_page as "openPage"`;

const TEXTS: Record<string, Record<string, string>> = {
  priority: { L: '低', M: '中', H: '高' },
  msgCategory: { '1': '通知公告', '2': '系统消息' },
  readFlag: { '0': '未读', '1': '已读' },
};

function withTexts(row: AnnouncementSendModel): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row, sendTime: formatDateTime(row.sendTime), createTime: formatDateTime(row.createTime) };
  for (const [key, texts] of Object.entries(TEXTS)) out[`${key}_dictText`] = texts[String(out[key])] ?? out[key];
  return out;
}

/**
 * Links the user to every published ALL announcement not linked yet (ending after the account was
 * made), as the reference does when the bell loads.
 */
export async function linkBroadcasts(db: Db, userId: string): Promise<void> {
  await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, create_time)
    select replace(gen_random_uuid()::text, '-', ''), a.id, u.id, '0', 'system', now()
    from sys_announcement a join sys_user u on u.id = ${userId}
    where a.msg_type = 'ALL' and a.send_status = ${SENT} and (a.end_time is null or u.create_time is null or a.end_time >= u.create_time)
      and not exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = u.id)
    on conflict (annt_id, user_id) do nothing`.execute(db);
}

/** The caller's announcements (published ones only), newest first. */
async function mine(db: Db, userId: string, where: RawBuilder<SqlBool>[], limit: number, offset: number) {
  const cond = sql.join([sql<SqlBool>`s.user_id = ${userId}`, sql<SqlBool>`a.send_status = ${SENT}`, ...where], sql` and `);
  const rows = await sql<AnnouncementSendModel>`select ${MODEL} from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
    where ${cond} order by a.send_time desc nulls last, a.id desc limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{
    n: number;
  }>`select count(*)::int as n from sys_announcement_send s join sys_announcement a on a.id = s.annt_id where ${cond}`.execute(db);
  return { rows: rows.rows.map(withTexts), total: count.rows[0]?.n ?? 0 };
}

function intParam(value: unknown, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function textParam(value: unknown, max = 100): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) throw businessError('查询条件不正确');
  return value.replace(/^\*|\*$/g, '');
}

/**
 * The caller's own announcements, never another user's:
 * - GET /sys/annountCement/listByUser?pageSize=5 → unread {anntMsgList, anntMsgTotal, sysMsgList, sysMsgTotal}
 * - PUT|POST /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId} → marks one read
 * - PUT|POST /sys/sysAnnouncementSend/readAll → marks all read
 * - GET /sys/sysAnnouncementSend/getMyAnnouncementSend?titile&sender&msgCategory&readFlag&pageNo&pageSize → page
 */
export function myAnnouncementRoutes(api: FastifyInstance, { db, notices }: AppDeps): void {
  const config = { authenticated: true as const };
  api.get<{ Querystring: { pageSize?: string } }>('/sys/annountCement/listByUser', { config, schema: LIST_BY_USER }, async (request) => {
    const { user } = requireSession(request);
    await linkBroadcasts(db, user.id);
    const size = intParam(request.query.pageSize, 5, 50);
    const unread = sql<SqlBool>`s.read_flag = '0'`;
    const annt = await mine(db, user.id, [unread, sql<SqlBool>`a.msg_category = '1'`], size, 0);
    const sys = await mine(db, user.id, [unread, sql<SqlBool>`a.msg_category = '2'`], size, 0);
    return ok({ anntMsgList: annt.rows, anntMsgTotal: annt.total, sysMsgList: sys.rows, sysMsgTotal: sys.total });
  });

  const markOne = async (request: FastifyRequest<MarkInput>) => {
    const { user } = requireSession(request);
    const anntId = request.body?.anntId ?? request.query.anntId;
    if (typeof anntId !== 'string' || !anntId) throw businessError('请选择通告');
    const res =
      await sql`update sys_announcement_send set read_flag = '1', read_time = ${new Date()}, update_by = ${user.username}, update_time = ${new Date()}
      where annt_id = ${anntId} and user_id = ${user.id}`.execute(db);
    if (!Number(res.numAffectedRows ?? 0)) throw businessError('未找到对应通告');
    notices.notifyUser(user.id, { cmd: 'user', msgId: anntId, userId: user.id });
    return okMessage('操作成功!');
  };
  const readAll = async (request: FastifyRequest) => {
    const { user } = requireSession(request);
    await linkBroadcasts(db, user.id);
    await sql`update sys_announcement_send set read_flag = '1', read_time = ${new Date()} where user_id = ${user.id} and read_flag = '0'`.execute(
      db,
    );
    notices.notifyUser(user.id, { cmd: 'topic', msgTxt: '批量设置已读' });
    return okMessage('全部已读');
  };
  for (const method of ['PUT', 'POST'] as const) {
    api.route<MarkInput>({ method, url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', config, schema: MARK_ONE, handler: markOne });
    api.route({ method, url: '/sys/sysAnnouncementSend/readAll', config, schema: NO_BODY, handler: readAll });
  }

  api.get<{ Querystring: Record<string, unknown> }>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { config, schema: MY_LIST },
    async (request) => {
      const { user } = requireSession(request);
      await linkBroadcasts(db, user.id);
      const q = request.query;
      const where: RawBuilder<SqlBool>[] = [];
      const title = textParam(q.titile);
      if (title) where.push(sql<SqlBool>`a.titile ilike ${`%${escapeLike(title)}%`}`);
      const sender = textParam(q.sender);
      if (sender) where.push(sql<SqlBool>`a.sender ilike ${`%${escapeLike(sender)}%`}`);
      const category = textParam(q.msgCategory, 2);
      if (category) where.push(sql<SqlBool>`a.msg_category = ${category}`);
      const readFlag = textParam(q.readFlag, 1);
      if (readFlag) where.push(sql<SqlBool>`s.read_flag = ${readFlag}`);
      const size = intParam(q.pageSize, 10, 200);
      const current = intParam(q.pageNo, 1, 100_000);
      const page = await mine(db, user.id, where, size, (current - 1) * size);
      return ok({ records: page.rows, total: page.total, size, current, pages: Math.ceil(page.total / size) });
    },
  );
}
