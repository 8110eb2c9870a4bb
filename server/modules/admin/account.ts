import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { auditUpdate, optionalDay, optionalText } from './common';
import { logOperation, OP_EDIT } from './oplog';
import { checkAvatar } from './user-form';
import { userRecords } from './user-json';

/** The fields a signed-in user may change on their own account; anything else in the body is dropped. */
const SELF_BODY = {
  ...objectSchema({
    realname: text('用户姓名', 100),
    avatar: text('头像', 255),
    email: text('邮箱', 45),
    phone: text('手机号码', 45),
    birthday: text('生日', 19),
    sex: text('性别', 2),
  }),
  additionalProperties: false,
};

interface SelfBody {
  realname?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: string;
}

export const NOTIFICATION_KEYS = ['systemMessage', 'announcement', 'todoTask', 'email', 'sms'] as const;
type NotificationSettings = Record<(typeof NOTIFICATION_KEYS)[number], boolean>;
const DEFAULT_NOTIFICATIONS: NotificationSettings = { systemMessage: true, announcement: true, todoTask: true, email: false, sms: false };

const NOTIFICATION_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, { type: 'boolean', title: k }])),
} as const;

function parseNotifications(raw: string | undefined): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATIONS };
  if (!raw) return out;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    for (const key of NOTIFICATION_KEYS) if (typeof parsed[key] === 'boolean') out[key] = parsed[key] as boolean;
  } catch {
    // a broken stored value falls back to the defaults
  }
  return out;
}

/** Account center and settings: the signed-in user's own profile and notification preferences. */
export function accountRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/sys/user/currentUser', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const row = await db.selectFrom('sys_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const [record] = await userRecords(db, [row]);
    return ok(record);
  });

  api.route<{ Body: SelfBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/appEdit',
    config: { authenticated: true },
    schema: { body: SELF_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const body = request.body;
      const changes: Record<string, string | number | null> = {};
      if (body.realname !== undefined) {
        const realname = optionalText(body.realname);
        if (!realname) throw businessError('请输入用户名称!');
        changes.realname = realname;
      }
      if (body.avatar !== undefined) changes.avatar = checkAvatar(optionalText(body.avatar));
      if (body.email !== undefined) {
        const email = optionalText(body.email);
        if (email && !/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(email)) throw businessError('请输入正确格式的邮箱!');
        if (
          email &&
          (await db.selectFrom('sys_user').select('id').where('email', '=', email).where('id', '<>', user.id).executeTakeFirst())
        )
          throw businessError('邮箱已存在!');
        changes.email = email;
      }
      if (body.phone !== undefined) {
        const phone = optionalText(body.phone);
        if (!phone || !/^1[3-9]\d{9}$/.test(phone)) throw businessError('请输入正确格式的手机号码!');
        if (await db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('id', '<>', user.id).executeTakeFirst())
          throw businessError('手机号已存在!');
        changes.phone = phone;
      }
      if (body.birthday !== undefined) changes.birthday = optionalDay(body.birthday, '生日');
      if (body.sex !== undefined) {
        const sex = optionalText(body.sex);
        if (sex !== null && !['0', '1', '2'].includes(sex)) throw businessError('性别取值不正确');
        changes.sex = sex === null ? null : Number(sex);
      }
      if (Object.keys(changes).length) {
        await db
          .updateTable('sys_user')
          .set({ ...changes, ...auditUpdate(user.username) })
          .where('id', '=', user.id)
          .execute();
        await logOperation(db, request, OP_EDIT, `用户 ${user.username} 修改了个人信息`);
      }
      return okMessage('修改成功!');
    },
  });

  api.get('/sys/user/notificationSettings', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const row = await db.selectFrom('sys_user_setting').select('notification').where('user_id', '=', user.id).executeTakeFirst();
    return ok(parseNotifications(row?.notification));
  });

  api.route<{ Body: Partial<NotificationSettings> }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/notificationSettings',
    config: { authenticated: true },
    schema: { body: NOTIFICATION_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const row = await db.selectFrom('sys_user_setting').select('notification').where('user_id', '=', user.id).executeTakeFirst();
      const next = { ...parseNotifications(row?.notification), ...request.body };
      await db
        .insertInto('sys_user_setting')
        .values({ user_id: user.id, notification: JSON.stringify(next), update_time: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ notification: JSON.stringify(next), update_time: new Date() }))
        .execute();
      return ok(next, '保存成功!');
    },
  });
}
