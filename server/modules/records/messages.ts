import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import { registerEntityPolicy } from '../entity/policies';
import { logOperation, OP_ADD } from '../admin/oplog';
import { CHANNELS, deliver, failureText, type Channel } from './channels';
import { parseTemplateData, renderTemplate } from './template-render';

export const MESSAGE_PERMISSION = {
  sendTest: 'system:messageTemplate:sendMsg',
  resend: 'system:message:resend',
} as const;

const STATUS_SENT = '1';
const STATUS_FAILED = '2';
const MAX_SENDS = 5;

interface SmsRow {
  id: string;
  es_title: string | null;
  es_type: string;
  es_receiver: string;
  es_content: string | null;
  es_send_num: number | null;
  es_send_status: string | null;
}

/** Tries one delivery of a stored message and records the outcome (status, count, time, reason). */
async function attempt(deps: AppDeps, row: SmsRow, html: boolean): Promise<string | null> {
  let reason: string | null = null;
  try {
    if (!CHANNELS.includes(row.es_type as Channel)) throw new Error('不支持的发送方式');
    await deliver(deps, {
      channel: row.es_type as Channel,
      receiver: row.es_receiver,
      title: row.es_title ?? '',
      content: row.es_content ?? '',
      html,
    });
  } catch (error) {
    reason = failureText(error, deps.config.smtpUrl);
  }
  await sql`update sys_sms set es_send_status = ${reason ? STATUS_FAILED : STATUS_SENT}, es_send_num = coalesce(es_send_num, 0) + 1,
    es_send_time = ${new Date()}, es_result = ${reason}, update_time = ${new Date()} where id = ${row.id}`.execute(deps.db);
  return reason;
}

const looksHtml = (content: string | null) => /<\/?[a-z][^>]*>/i.test(content ?? '');

/** Applied templates (是否应用 = 有效) stay as they are: only 应用/停用 may touch them, and they cannot be deleted. */
function registerTemplatePolicy(): void {
  registerEntityPolicy('sys_sms_template', {
    beforeWrite: async ({ db, mode, id, body }) => {
      if (mode === 'add' || !id) return;
      const row = await sql<{ use_status: string | null }>`select use_status from sys_sms_template where id = ${id}`.execute(db);
      if (row.rows[0]?.use_status !== '1') return;
      if (mode === 'delete') throw businessError('该模板已被应用禁止删除!');
      const changes = Object.keys(body).filter((k) => !['id', 'useStatus'].includes(k));
      if (changes.length > 0) throw businessError('此模板已被应用，禁止编辑!');
    },
  });
}

/** 发送测试 of a template and 重新发送 of a stored message, beside the entity engine's CRUD. */
export function messageRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerTemplatePolicy();

  api.post<{ Body: { templateCode: string; testData?: string; receiver?: string; toUser?: string; msgType?: string; type?: string } }>(
    '/sys/message/sysMessageTemplate/sendMsg',
    {
      config: { permission: MESSAGE_PERMISSION.sendTest },
      schema: {
        body: objectSchema(
          {
            templateCode: text('模板CODE', 64, { minLength: 1 }),
            testData: text('测试数据', 5000),
            receiver: text('消息接收方', 200),
            toUser: text('消息接收方', 200),
            msgType: text('消息类型', 10),
            type: text('消息类型', 10),
          },
          ['templateCode'],
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const channel = (body.msgType ?? body.type ?? '').trim();
      const receiver = (body.receiver ?? body.toUser ?? '').trim();
      if (!CHANNELS.includes(channel as Channel)) throw businessError('请选择消息类型');
      if (!receiver) throw businessError('请填写消息接收方');
      const template = await sql<{ template_name: string; template_type: string; template_content: string }>`
        select template_name, template_type, template_content from sys_sms_template where template_code = ${body.templateCode}`.execute(db);
      const tpl = template.rows[0];
      if (!tpl) throw businessError('消息模板不存在');
      let data: Record<string, unknown>;
      try {
        data = parseTemplateData(body.testData);
      } catch (error) {
        throw businessError((error as Error).message);
      }
      const html = tpl.template_type === '2';
      const row: SmsRow = {
        id: newId(),
        es_title: renderTemplate(tpl.template_name, data, false),
        es_type: channel,
        es_receiver: receiver,
        es_content: renderTemplate(tpl.template_content, data, html),
        es_send_num: 0,
        es_send_status: '0',
      };
      const user = request.session?.user;
      await sql`insert into sys_sms (id, es_title, es_type, es_receiver, es_param, es_content, es_send_status, es_send_num, remark, create_by, create_time)
        values (${row.id}, ${row.es_title}, ${row.es_type}, ${row.es_receiver}, ${JSON.stringify(data).slice(0, 5000)}, ${row.es_content},
        '0', 0, ${`模板 ${body.templateCode} 发送测试`}, ${user?.username ?? null}, ${new Date()})`.execute(db);
      const reason = await attempt(deps, row, html);
      await logOperation(db, request, OP_ADD, `消息模板发送测试：${body.templateCode}`);
      if (reason) throw businessError(`消息发送失败：${reason}`);
      return okMessage('消息发送成功！');
    },
  );

  api.post<{ Body: { id: string } }>(
    '/sys/message/sysMessage/resend',
    {
      config: { permission: MESSAGE_PERMISSION.resend },
      schema: { body: objectSchema({ id: text('主键', 32, { minLength: 1 }) }, ['id']) },
    },
    async (request) => {
      const res =
        await sql<SmsRow>`select id, es_title, es_type, es_receiver, es_content, es_send_num, es_send_status from sys_sms where id = ${request.body.id}`.execute(
          db,
        );
      const row = res.rows[0];
      if (!row) throw businessError('未找到对应数据');
      if (row.es_send_status === STATUS_SENT) throw businessError('该消息已发送成功，无需重发');
      if ((row.es_send_num ?? 0) >= MAX_SENDS) throw businessError(`该消息已发送${MAX_SENDS}次，不再重发`);
      const reason = await attempt(deps, row, looksHtml(row.es_content));
      await logOperation(db, request, OP_ADD, `消息重新发送：${row.id}`);
      if (reason) throw businessError(`消息发送失败：${reason}`);
      return okMessage('消息发送成功！');
    },
  );
}

/**
 * One delivery attempt now of each of these stored messages still unsent (or failed, on a retry) and sent fewer
 * than MAX_SENDS times: the notices' sends right after their state change. Answers the ids that failed.
 */
export async function sendMessagesNow(deps: AppDeps, ids: string[], retry = false): Promise<string[]> {
  if (!ids.length) return [];
  const states = retry ? [STATUS_FAILED] : ['0'];
  const res = await sql<SmsRow>`select id, es_title, es_type, es_receiver, es_content, es_send_num, es_send_status from sys_sms
    where id in (${sql.join(ids)}) and es_send_status in (${sql.join(states)}) and coalesce(es_send_num, 0) < ${MAX_SENDS} order by create_time`.execute(
    deps.db,
  );
  const failed: string[] = [];
  for (const row of res.rows) if (await attempt(deps, row, looksHtml(row.es_content))) failed.push(row.id);
  return failed;
}

/**
 * 定时任务 SendMsgJob: one delivery attempt of each queued message — 未发送 ones whose 发送时间 is empty or
 * due, and failed ones sent fewer than MAX_SENDS times — oldest first, at most `limit` per run.
 */
export async function sendQueuedMessages(deps: AppDeps, limit = 100): Promise<{ sent: number; failed: number }> {
  const now = new Date();
  const res = await sql<SmsRow>`select id, es_title, es_type, es_receiver, es_content, es_send_num, es_send_status from sys_sms
    where (es_send_status is null or es_send_status = '0' or es_send_status = ${STATUS_FAILED})
      and coalesce(es_send_num, 0) < ${MAX_SENDS} and (es_send_time is null or es_send_status = ${STATUS_FAILED} or es_send_time <= ${now})
    order by create_time limit ${limit}`.execute(deps.db);
  let failed = 0;
  for (const row of res.rows) if (await attempt(deps, row, looksHtml(row.es_content))) failed += 1;
  return { sent: res.rows.length - failed, failed };
}
