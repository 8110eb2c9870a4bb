import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { newId } from '../../core/ids';
import type { Db } from '../../db/types';
import { SENT } from '../notice/announcements';
import { sendMessagesNow } from '../records/messages';
import { escapeHtml, renderTemplate } from '../records/template-render';
import { NOTICE_EVENTS, type NoticeEvent } from './notify-templates';

export interface NoticeTarget {
  companyId?: string;
  expertId?: string;
  userId?: string;
}

interface Recipient {
  userId: string | null;
  email: string | null;
  mobile: string | null;
}

export type NoticeVars = Record<string, string | number | null | undefined>;

const SENDER = '系统';

/** When the sends of a notice that failed are tried again in this process (SendMsgJob and 重新发送 come after). */
export const noticeRetry = { delaysMs: [60_000, 10 * 60_000] };

/** Tries the queued rows now and, for those that fail, again after each delay; never throws. */
async function deliverWithRetries(deps: AppDeps, ids: string[]): Promise<void> {
  let failed = await sendMessagesNow(deps, ids);
  for (const delay of noticeRetry.delaysMs) {
    if (!failed.length) return;
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    failed = await sendMessagesNow(deps, failed, true);
  }
}

async function recipientOf(db: Db, target: NoticeTarget): Promise<Recipient | null> {
  if (target.companyId) {
    const res = await sql<Recipient>`select c.user_id as "userId", coalesce(nullif(u.email, ''), nullif(c.email, '')) as email,
        coalesce(nullif(c.mobile, ''), nullif(u.phone, '')) as mobile
      from xypj_company c left join sys_user u on u.id = c.user_id and u.del_flag = 0 where c.id = ${target.companyId}`.execute(db);
    return res.rows[0] ?? null;
  }
  if (target.expertId) {
    const res =
      await sql<Recipient>`select e.user_id as "userId", nullif(u.email, '') as email, coalesce(nullif(e.mobile, ''), nullif(u.phone, '')) as mobile
      from xypj_expert e left join sys_user u on u.id = e.user_id and u.del_flag = 0 where e.id = ${target.expertId}`.execute(db);
    return res.rows[0] ?? null;
  }
  if (target.userId) {
    const res = await sql<Recipient>`select id as "userId", nullif(email, '') as email, nullif(phone, '') as mobile from sys_user
      where id = ${target.userId} and del_flag = 0`.execute(db);
    return res.rows[0] ?? null;
  }
  return null;
}

interface TemplateRow {
  template_name: string;
  template_type: string;
  template_content: string;
  use_status: string | null;
}

/**
 * The bell message (a 系统消息 for the one user, already 已发布) and the queued e-mail and SMS rows of one
 * notice, in one transaction; answers the ids of the queued rows.
 */
async function store(
  deps: AppDeps,
  event: NoticeEvent,
  to: Recipient,
  vars: NoticeVars,
): Promise<{ announcementId: string | null; title: string; queued: string[] }> {
  const def = NOTICE_EVENTS[event];
  const tpl = (
    await sql<TemplateRow>`select template_name, template_type, template_content, use_status from sys_sms_template where template_code = ${def.code}`.execute(
      deps.db,
    )
  ).rows[0];
  const html = tpl?.template_type === '2';
  const title = renderTemplate(tpl?.template_name ?? def.name, vars, false);
  const content = renderTemplate(tpl?.template_content ?? def.content, vars, html);
  const plain = html ? content.replace(/<[^>]*>/g, '') : content;
  const channelsOn = tpl !== undefined && tpl.use_status !== '0';
  const now = new Date();
  const queued: string[] = [];
  let announcementId: string | null = null;
  await deps.db.transaction().execute(async (tx) => {
    if (to.userId) {
      announcementId = newId();
      await sql`insert into sys_announcement (id, titile, msg_category, priority, msg_abstract, msg_content, msg_type, user_ids, start_time,
          send_status, sender, send_time, open_type, open_page, create_by, create_time)
        values (${announcementId}, ${title.slice(0, 100)}, '2', 'M', ${plain.slice(0, 500)}, ${html ? content : `<p>${escapeHtml(content)}</p>`}, 'USER',
          ${to.userId}, ${now}, ${SENT}, ${SENDER}, ${now}, 'url', ${def.openPage}, 'system', ${now})`.execute(tx);
      await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, create_time)
        values (${newId()}, ${announcementId}, ${to.userId}, '0', 'system', ${now})`.execute(tx);
    }
    const sends: Array<['email' | 'sms', string, string]> = [];
    if (channelsOn && to.email && deps.config.smtpUrl) sends.push(['email', to.email, content]);
    if (channelsOn && to.mobile && deps.sms.sendsNotices) sends.push(['sms', to.mobile, plain]);
    for (const [channel, receiver, body] of sends) {
      const id = newId();
      await sql`insert into sys_sms (id, es_title, es_type, es_receiver, es_param, es_content, es_send_status, es_send_num, remark, create_by, create_time)
        values (${id}, ${title.slice(0, 200)}, ${channel}, ${receiver.slice(0, 200)}, ${JSON.stringify(vars).slice(0, 5000)}, ${body}, '0', 0,
          ${`通知 ${def.code}`}, 'system', ${now})`.execute(tx);
      queued.push(id);
    }
  });
  return { announcementId, title, queued };
}

/**
 * Tells the person concerned about a state change: a bell message, and by the event's 消息模板 an e-mail
 * (SMTP_URL set, an address known) and an SMS (a channel that sends notices, a mobile known). Called after
 * the state change is committed; it never throws, so a notice can never undo or fail the change. The queued
 * rows are tried at once in the background and failed ones again after each of noticeRetry.delaysMs; what
 * still fails stays in 消息 for 重新发送 and the SendMsgJob.
 */
export async function notify(request: FastifyRequest, event: NoticeEvent, target: NoticeTarget, vars: NoticeVars): Promise<void> {
  const deps = request.server.deps;
  try {
    const to = await recipientOf(deps.db, target);
    if (!to) return;
    const { announcementId, title, queued } = await store(deps, event, to, vars);
    if (to.userId && announcementId) {
      deps.notices.notifyUser(to.userId, {
        cmd: 'user',
        msgId: announcementId,
        msgTxt: title,
        userId: to.userId,
        reload: [...NOTICE_EVENTS[event].reload],
      });
    }
    if (queued.length) {
      const warn = (error: unknown) => request.log.warn({ err: error, event }, 'notice delivery failed');
      void deliverWithRetries(deps, queued).catch(warn);
    }
  } catch (error) {
    request.log.warn({ err: error, event }, 'notice not stored');
  }
}
