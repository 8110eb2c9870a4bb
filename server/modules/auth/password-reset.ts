import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { hashPassword, isStrongPassword, newSalt, PASSWORD_RULE_MESSAGE } from '../../core/passwords';
import { MOBILE, objectSchema, text, USERNAME } from '../../core/schemas';
import { clearFailures } from './lockout';
import { issueResetTicket, verifySmsCode } from './sms-codes';

export const WRONG_SMS_CODE = '手机验证码错误';
export const RESET_EXPIRED = '验证已失效，请重新获取短信验证码';

interface VerificationBody {
  phone: string;
  smscode: string;
}

interface PasswordChangeInput {
  username: string;
  password: string;
  smscode: string;
  phone: string;
}

const changeFields = {
  username: text('账号', 100, { minLength: 1, pattern: USERNAME }),
  password: text('新密码', 64, { minLength: 1 }),
  smscode: text('验证凭证', 64, { minLength: 1, pattern: '^[0-9a-f]+$' }),
  phone: text('手机号', 11, { minLength: 1, pattern: MOBILE }),
};

/**
 * Forgot password: a forgot-password SMS code (smsmode "2") is exchanged for the account name and a one-time
 * ticket (returned as `smscode`, as the JeecgBoot client expects), and the ticket, within 10 minutes and once,
 * sets a new password. Every session of the account ends and its login lockout is lifted.
 */
export function passwordResetRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, tokens } = deps;

  api.post<{ Body: VerificationBody }>(
    '/sys/user/phoneVerification',
    {
      config: { public: true, rateLimit: 'login' },
      schema: {
        body: objectSchema({ phone: changeFields.phone, smscode: text('验证码', 6, { minLength: 1, pattern: '^\\d+$' }) }, [
          'phone',
          'smscode',
        ]),
      },
    },
    async (request) => {
      const { phone, smscode } = request.body;
      const codeOk = await verifySmsCode(db, phone, '2', smscode);
      const user = codeOk
        ? await db.selectFrom('sys_user').select('username').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst()
        : undefined;
      if (!user) throw businessError(WRONG_SMS_CODE);
      return ok({ username: user.username, smscode: await issueResetTicket(db, phone) });
    },
  );

  const change = async (input: PasswordChangeInput) => {
    if (!isStrongPassword(input.password)) throw businessError(PASSWORD_RULE_MESSAGE);
    const user = await db
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where('phone', '=', input.phone)
      .where('username', '=', input.username)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!user || !(await verifySmsCode(db, input.phone, 'R', input.smscode))) throw businessError(RESET_EXPIRED);
    await db
      .updateTable('sys_user')
      .set({ password: await hashPassword(input.password), salt: newSalt(), update_by: user.username, update_time: new Date() })
      .where('id', '=', user.id)
      .execute();
    await tokens.revokeAllOfUser(user.id);
    await clearFailures(db, user.username);
    return okMessage('密码修改成功');
  };

  const routeOptions = { config: { public: true as const, rateLimit: 'login' as const } };
  // The JeecgBoot client sends a GET with query parameters; a POST body is accepted too.
  api.get<{ Querystring: PasswordChangeInput }>(
    '/sys/user/passwordChange',
    { ...routeOptions, schema: { querystring: objectSchema(changeFields, ['username', 'password', 'smscode', 'phone']) } },
    async (request) => change(request.query),
  );
  api.post<{ Body: PasswordChangeInput }>(
    '/sys/user/passwordChange',
    { ...routeOptions, schema: { body: objectSchema(changeFields, ['username', 'password', 'smscode', 'phone']) } },
    async (request) => change(request.body),
  );
}
