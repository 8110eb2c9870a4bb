import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { sanitizeStoredHtml } from '../../core/rich-text';
import type { Db } from '../../db/types';
import { logOperation, OP_EDIT } from '../admin/oplog';
import { registerEntityPolicy, type WriteContext } from '../entity/policies';
import type { NoticeHub } from '../socket';
import { anyText, optionalBodySchema, querySchema } from '../../core/schemas';

export const UNSENT = '0';
export const SENT = '1';
export const REVOKED = '2';

export interface AnnouncementRow {
  id: string;
  titile: string;
  msg_type: string;
  user_ids: string | null;
  send_status: string;
}

export function userIdList(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

async function requireAnnouncement(db: Db, id: unknown): Promise<AnnouncementRow> {
  if (typeof id !== 'string' || !id) throw businessError('请选择通告');
  const res = await sql<AnnouncementRow>`select id, titile, msg_type, user_ids, send_status from sys_announcement where id = ${id}`.execute(
    db,
  );
  const row = res.rows[0];
  if (!row) throw businessError('未找到对应通告');
  return row;
}

/**
 * Send state, sender and times move only through 发布 / 撤销; stored HTML is sanitised whatever the
 * editor sent; a published announcement is neither edited nor deleted; 指定用户 needs users.
 */
async function beforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode !== 'add') {
    const id = ctx.id;
    if (id) {
      const row = await requireAnnouncement(ctx.db, id);
      if (row.send_status === SENT)
        throw businessError(ctx.mode === 'delete' ? '已发布的通告不能删除，请先撤销' : '已发布的通告不能编辑，请先撤销');
    }
  }
  if (ctx.mode === 'delete') return;
  for (const key of ['sendStatus', 'sendTime', 'cancelTime', 'sender']) delete ctx.body[key];
  if (typeof ctx.body.msgContent === 'string') ctx.body.msgContent = await sanitizeStoredHtml(ctx.body.msgContent);
  if (ctx.body.msgType === 'USER' && userIdList(typeof ctx.body.userIds === 'string' ? ctx.body.userIds : '').length === 0) {
    throw businessError('指定用户不能为空！');
  }
  if (ctx.body.msgType === 'ALL') ctx.body.userIds = '';
  if (ctx.body.openType !== undefined && ctx.body.openType !== null && ctx.body.openType !== '' && ctx.body.openType !== 'url') {
    throw businessError('打开方式只能是页面地址');
  }
  if (ctx.body.openType === 'url' && !(typeof ctx.body.openPage === 'string' && /^\/(?!\/)[^\s]*$/.test(ctx.body.openPage))) {
    throw businessError('处理页面应为以 / 开头的系统内页面地址');
  }
}

export function registerAnnouncementPolicy(): void {
  registerEntityPolicy('sys_announcement', { beforeWrite });
}

interface IdInput {
  Querystring: { id?: string };
  Body: { id?: string } | null;
}

/** ?id= (GET and POST) or {id} (POST) */
const ID_INPUT = {
  GET: { querystring: querySchema({ id: anyText('通告') }) },
  POST: { querystring: querySchema({ id: anyText('通告') }), body: optionalBodySchema({ id: anyText('通告') }) },
};

function idOf(request: FastifyRequest<IdInput>): string | undefined {
  return request.query.id ?? request.body?.id;
}

/** Pushes a published or revoked announcement to the bells of its recipients. */
function push(notices: NoticeHub, row: AnnouncementRow): void {
  if (row.msg_type === 'USER') {
    for (const userId of userIdList(row.user_ids)) notices.notifyUser(userId, { cmd: 'user', msgId: row.id, msgTxt: row.titile, userId });
  } else {
    notices.notifyAll({ cmd: 'topic', msgId: row.id, msgTxt: row.titile });
  }
}

/**
 * GET|POST /sys/annountCement/doReleaseData?id (发布) and doReovkeData?id (撤销), permission
 * system:announcement:publish. 发布 links the chosen users (USER) to the announcement and pushes it.
 */
export function announcementRoutes(api: FastifyInstance, { db, notices }: AppDeps): void {
  const permission = 'system:announcement:publish';
  const release = async (request: FastifyRequest<IdInput>) => {
    const { user } = requireSession(request);
    const row = await requireAnnouncement(db, idOf(request));
    if (row.send_status === SENT) throw businessError('该通告已发布');
    const now = new Date();
    await db.transaction().execute(async (tx) => {
      await sql`update sys_announcement set send_status = ${SENT}, send_time = ${now}, cancel_time = null, start_time = coalesce(start_time, ${now}),
        sender = ${user.realname || user.username}, update_by = ${user.username}, update_time = ${now} where id = ${row.id}`.execute(tx);
      const ids = userIdList(row.user_ids);
      if (row.msg_type === 'USER' && ids.length > 0) {
        await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, create_time)
          select replace(gen_random_uuid()::text, '-', ''), ${row.id}, u.id, '0', ${user.username}, ${now} from sys_user u
          where u.id in (${sql.join(ids)}) and u.del_flag = 0
          on conflict (annt_id, user_id) do nothing`.execute(tx);
      }
    });
    push(notices, row);
    await logOperation(db, request, OP_EDIT, `发布通告：${row.titile}`);
    return okMessage('该系统通知发布成功');
  };
  const revoke = async (request: FastifyRequest<IdInput>) => {
    const { user } = requireSession(request);
    const row = await requireAnnouncement(db, idOf(request));
    if (row.send_status !== SENT) throw businessError('该通告未发布，不能撤销');
    const now = new Date();
    await sql`update sys_announcement set send_status = ${REVOKED}, cancel_time = ${now}, update_by = ${user.username},
      update_time = ${now} where id = ${row.id}`.execute(db);
    push(notices, row);
    await logOperation(db, request, OP_EDIT, `撤销通告：${row.titile}`);
    return okMessage('该系统通知撤销成功');
  };
  for (const method of ['GET', 'POST'] as const) {
    const schema = ID_INPUT[method];
    api.route<IdInput>({ method, url: '/sys/annountCement/doReleaseData', config: { permission }, schema, handler: release });
    api.route<IdInput>({ method, url: '/sys/annountCement/doReovkeData', config: { permission }, schema, handler: revoke });
  }
}

/** One row per (announcement, user): read state needs it, and the lazy links of ALL announcements must not repeat. */
export async function ensureSendIndex(db: Db): Promise<void> {
  await sql`create unique index if not exists sys_announcement_send_annt_user on sys_announcement_send (annt_id, user_id)`.execute(db);
}
