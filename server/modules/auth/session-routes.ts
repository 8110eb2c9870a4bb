import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okCode0, okMessage } from '../../core/envelope';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE, verifyPassword } from '../../core/passwords';
import { loadRoleCodes } from '../../core/permissions';
import { objectSchema, SAFE_CODE, text, USERNAME } from '../../core/schemas';
import { LOG_TYPE_LOGIN, LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../core/sys-log';
import { departJson, userDeparts, userInfoJson } from './login-result';
import { userPermissionResult } from './menu-tree';

interface SelectDepartBody {
  orgCode: string;
  username?: string;
}

interface UpdatePasswordBody {
  username?: string;
  oldpassword?: string;
  password?: string;
  confirmpassword?: string;
}

export function sessionRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, tokens, notices } = deps;

  api.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { public: true },
    handler: async (request) => {
      const header = request.headers['x-access-token'];
      const token = (Array.isArray(header) ? header[0] : (header ?? '')).trim();
      if (!token) throw businessError('退出登录失败！');
      const owner = await tokens.revoke(token);
      if (!owner) throw businessError('Token无效!');
      notices.closeSessionSockets(owner.userId, owner.tokenId);
      await writeLog(db, {
        logType: LOG_TYPE_LOGIN,
        content: `用户名: ${owner.username},退出成功！`,
        userId: owner.userId,
        username: owner.username,
        ip: request.ip,
      });
      return okMessage('退出登录成功！');
    },
  });

  api.get('/sys/permission/getUserPermissionByToken', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    return okCode0(await userPermissionResult(db, user.id, await loadRoleCodes(db, user.id)));
  });

  api.get('/sys/user/getCurrentUserDeparts', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const departs = await userDeparts(db, user.id);
    return ok({ list: departs.map(departJson), orgCode: user.orgCode });
  });

  api.route<{ Body: SelectDepartBody }>({
    method: ['POST', 'PUT'],
    url: '/sys/selectDepart',
    config: { authenticated: true },
    schema: {
      body: objectSchema(
        {
          orgCode: text('部门编码', 64, { minLength: 1, pattern: SAFE_CODE }),
          username: text('用户名', 100, { pattern: `^$|${USERNAME}` }),
        },
        ['orgCode'],
      ),
    },
    handler: async (request) => {
      const { user } = requireSession(request);
      const { orgCode, username } = request.body;
      if (username && username !== user.username) throw businessError('只允许切换自己的部门！');
      const departs = await userDeparts(db, user.id);
      if (!departs.some((d) => d.org_code === orgCode)) throw businessError('您不属于该部门，无法切换！');
      await db
        .updateTable('sys_user')
        .set({ org_code: orgCode, update_by: user.username, update_time: new Date() })
        .where('id', '=', user.id)
        .execute();
      const row = await db.selectFrom('sys_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      return ok({ userInfo: userInfoJson(row) });
    },
  });

  api.route<{ Body: UpdatePasswordBody }>({
    method: ['POST', 'PUT'],
    url: '/sys/user/updatePassword',
    config: { authenticated: true },
    schema: {
      body: objectSchema({
        username: text('用户名', 100),
        oldpassword: text('旧密码', 128),
        password: text('新密码', 128),
        confirmpassword: text('确认密码', 128),
      }),
    },
    handler: async (request) => {
      const session = requireSession(request);
      const { username, oldpassword, password, confirmpassword } = request.body;
      if (!oldpassword) throw businessError('请输入旧密码!');
      if (!password) throw businessError('请输入新密码!');
      if (!confirmpassword) throw businessError('请确认新密码!');
      if (password !== confirmpassword) throw businessError('两次输入的密码不一样！');
      if (username && username !== session.user.username) throw businessError('只允许修改自己的密码！');
      if (!isStrongPassword(password)) throw businessError(PASSWORD_RULE_MESSAGE);
      const row = await db.selectFrom('sys_user').select(['password']).where('id', '=', session.user.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldpassword, row.password))) throw businessError('旧密码输入错误!');
      await db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password), update_by: session.user.username, update_time: new Date() })
        .where('id', '=', session.user.id)
        .execute();
      await tokens.revokeAllOfUser(session.user.id, session.tokenId);
      await writeLog(db, {
        logType: LOG_TYPE_OPERATION,
        operateType: 3,
        content: `用户 ${session.user.username} 修改了密码`,
        userId: session.user.id,
        username: session.user.username,
        ...requestLogFields(request),
      });
      return okMessage('密码修改成功！');
    },
  });
}
