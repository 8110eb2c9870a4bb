import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../../core/passwords';
import { MOBILE } from '../../core/schemas';
import { clearFailures } from './lockout';
import { issueResetTicket, RESET_TICKET_MODE, verifySmsCode } from './sms-codes';

const WRONG_CODE = '短信验证码错误或已过期';
const WRONG_TICKET = '验证已失效，请重新获取短信验证码';

function field(request: FastifyRequest, name: string): string {
  const from = (source: unknown) => (source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined);
  const value = from(request.body) ?? from(request.query);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Password recovery by mobile (the alteration steps): POST /sys/user/phoneVerification {phone, smscode}
 * checks the code sent with /sys/sms smsmode 2 and answers {smscode: ticket, username}; then
 * /sys/user/passwordChange (GET as the contract, or POST) {username, password, smscode: ticket, phone}
 * sets the password. The ticket is single-use and lives 10 minutes; a changed password signs the
 * user out everywhere.
 */
export function passwordRecoveryRoutes(api: FastifyInstance, { db, tokens }: AppDeps): void {
  api.post('/sys/user/phoneVerification', { config: { public: true, rateLimit: 'login' } }, async (request) => {
    const phone = field(request, 'phone') || field(request, 'mobile');
    const code = field(request, 'smscode');
    if (!new RegExp(MOBILE).test(phone)) throw businessError('请输入正确手机号');
    if (!code) throw businessError('请输入短信验证码');
    if (!(await verifySmsCode(db, phone, '2', code))) throw businessError(WRONG_CODE);
    const user = await db.selectFrom('sys_user').select(['username']).where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) throw businessError(WRONG_CODE);
    return ok({ smscode: await issueResetTicket(db, phone), username: user.username });
  });

  api.route({
    method: ['GET', 'POST'],
    url: '/sys/user/passwordChange',
    config: { public: true, rateLimit: 'login' },
    handler: async (request) => {
      const phone = field(request, 'phone');
      const username = field(request, 'username');
      const ticket = field(request, 'smscode');
      const password = field(request, 'password');
      if (!phone || !username || !ticket) throw businessError(WRONG_TICKET);
      if (!isStrongPassword(password)) throw businessError(PASSWORD_RULE_MESSAGE);
      const user = await db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', username).where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
      if (!user || !(await verifySmsCode(db, phone, RESET_TICKET_MODE, ticket))) throw businessError(WRONG_TICKET);
      await db.updateTable('sys_user').set({ password: await hashPassword(password), update_time: new Date() }).where('id', '=', user.id).execute();
      await clearFailures(db, user.username);
      await tokens.revokeAllOfUser(user.id);
      return okMessage('密码重置成功!');
    },
  });
}
