import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { ApiError, businessError, ok, okCode0 } from '../../core/envelope';
import { verifyPassword } from '../../core/passwords';
import { MOBILE, objectSchema, SAFE_CODE, text, USERNAME } from '../../core/schemas';
import { LOG_TYPE_LOGIN, writeLog } from '../../core/sys-log';
import type { SysUser } from '../../db/types';
import { consumeCaptcha, createCaptcha } from './captcha';
import { claimAttempt, clearFailures, isLocked, LOCKED_MESSAGE } from './lockout';
import { activeUserTenants, ALL_TENANTS_FROZEN, buildLoginResult } from './login-result';
import { inactiveAccountMessage } from './inactive-accounts';
import { issueSmsCode, sentRecently, verifySmsCode, type SmsMode } from './sms-codes';

export const WRONG_CREDENTIALS = '用户名或密码错误';
export const FROZEN_MESSAGE = '该用户已冻结';
export const LOGIN_SUCCESS_SUFFIX = ',登录成功！';
const captchaError = (message: '验证码错误' | '验证码无效') => new ApiError(message, { code: 412 });

const rememberMe = { type: ['boolean', 'string', 'number', 'null'], title: '记住我' };

interface LoginBody {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

interface PhoneLoginBody {
  mobile: string;
  captcha: string;
}

interface SmsBody {
  mobile: string;
  smsmode: SmsMode;
}

/** Status, tenants, token, log and result shared by password, phone and pushed (xypj platform) sign-in. */
export async function completeLogin(deps: AppDeps, request: FastifyRequest, user: SysUser) {
  if (user.status !== 1) throw businessError(await inactiveAccountMessage(deps.db, user, FROZEN_MESSAGE));
  const tenants = await activeUserTenants(deps.db, user);
  if (tenants.linked && tenants.tenants.length === 0) throw businessError(ALL_TENANTS_FROZEN);
  await clearFailures(deps.db, user.username);
  const token = await deps.tokens.issue(user, request.ip);
  await writeLog(deps.db, {
    logType: LOG_TYPE_LOGIN,
    content: `用户名: ${user.username}${LOGIN_SUCCESS_SUFFIX}`,
    userId: user.id,
    username: user.username,
    ip: request.ip,
  });
  return ok(await buildLoginResult(deps.db, user, token, tenants), '登录成功');
}

async function findActiveUser(deps: AppDeps, column: 'username' | 'phone', value: string): Promise<SysUser | undefined> {
  return deps.db.selectFrom('sys_user').selectAll().where(column, '=', value).where('del_flag', '=', 0).executeTakeFirst();
}

export function loginRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;

  api.get<{ Params: { key: string } }>(
    '/sys/randomImage/:key',
    {
      config: { public: true, rateLimit: 'captcha' },
      schema: { params: objectSchema({ key: text('验证码标识', 64, { minLength: 1, pattern: SAFE_CODE }) }, ['key']) },
    },
    async (request) => okCode0(await createCaptcha(db, request.params.key)),
  );

  // Tells the login page whether to ask for a captcha (LOGIN_CAPTCHA). An addition to the JeecgBoot API: a client
  // that never asks keeps showing the captcha, which a server with the captcha off simply ignores.
  api.get('/sys/loginSettings', { config: { public: true, rateLimit: 'captcha' } }, async () => ok({ captcha: config.loginCaptcha }));

  api.post<{ Body: LoginBody }>(
    '/sys/login',
    {
      config: { public: true, rateLimit: 'login' },
      schema: {
        body: objectSchema(
          {
            username: text('用户名', 100, { minLength: 1, pattern: USERNAME }),
            password: text('密码', 128, { minLength: 1 }),
            captcha: text('验证码', 16),
            checkKey: text('验证码标识', 64, { pattern: SAFE_CODE }),
            remember_me: rememberMe,
          },
          ['username', 'password'],
        ),
      },
    },
    async (request) => {
      const { username, password, captcha, checkKey } = request.body;
      if (config.loginCaptcha) {
        if (!captcha || !checkKey) throw captchaError('验证码无效');
        const check = await consumeCaptcha(db, checkKey, captcha);
        if (check !== 'ok') throw captchaError(check === 'wrong' ? '验证码错误' : '验证码无效');
      }
      // counted before the check: parallel guesses beyond the limit are refused without one
      if ((await claimAttempt(db, username)) === 'locked') throw businessError(LOCKED_MESSAGE);
      const user = await findActiveUser(deps, 'username', username);
      const passwordOk = await verifyPassword(password, user?.password ?? null);
      if (!user || !passwordOk) {
        await writeLog(db, {
          logType: LOG_TYPE_LOGIN,
          content: `用户名: ${username},登录失败！`,
          ip: request.ip,
          username: user?.username,
        });
        throw businessError(WRONG_CREDENTIALS);
      }
      return completeLogin(deps, request, user);
    },
  );

  api.post<{ Body: SmsBody }>(
    '/sys/sms',
    {
      config: { public: true, rateLimit: 'sms' },
      schema: {
        body: objectSchema(
          {
            mobile: text('手机号', 11, { minLength: 1, pattern: MOBILE }),
            smsmode: { type: 'string', title: '短信类型', enum: ['0', '1', '2'] },
          },
          ['mobile', 'smsmode'],
        ),
      },
    },
    async (request) => {
      const { mobile, smsmode } = request.body;
      if (await sentRecently(db, mobile, smsmode)) throw businessError('验证码已发送，请60秒后再试');
      const user = await findActiveUser(deps, 'phone', mobile);
      if (smsmode === '1' && user) throw businessError('该手机号已经注册，请直接登录！');
      const { code, template } = await issueSmsCode(db, mobile, smsmode);
      // Login and password-reset codes go only to registered numbers; the answer is the same either way.
      if (smsmode === '1' || user) {
        // the provider's reason is in 短信记录; the caller learns only that it failed
        await deps.sms
          .send({ mobile, templateCode: template, content: `您的验证码是${code}，10分钟内有效，请勿泄露给他人。`, params: { code } })
          .catch(() => {
            throw businessError('短信发送失败，请稍后再试');
          });
      }
      return okCode0(null, '验证码已发送');
    },
  );

  api.post<{ Body: PhoneLoginBody }>(
    '/sys/phoneLogin',
    {
      config: { public: true, rateLimit: 'login' },
      schema: {
        body: objectSchema(
          {
            mobile: text('手机号', 11, { minLength: 1, pattern: MOBILE }),
            captcha: text('验证码', 6, { minLength: 1, pattern: '^\\d+$' }),
            remember_me: rememberMe,
          },
          ['mobile', 'captcha'],
        ),
      },
    },
    async (request) => {
      const { mobile, captcha } = request.body;
      const codeOk = await verifySmsCode(db, mobile, '0', captcha);
      const user = codeOk ? await findActiveUser(deps, 'phone', mobile) : undefined;
      if (!user) throw businessError('手机验证码错误');
      if (await isLocked(db, user.username)) throw businessError(LOCKED_MESSAGE);
      return completeLogin(deps, request, user);
    },
  );
}
