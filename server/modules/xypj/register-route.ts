import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import type { Db } from '../../db/types';
import { businessError, ok } from '../../core/envelope';
import { creditCodeProblem } from '../../../contract/id-numbers';
import { newId } from '../../core/ids';
import { hashPassword, isStrongPassword, PASSWORD_RULE_MESSAGE } from '../../core/passwords';
import { MOBILE } from '../../core/schemas';
import { verifySmsCode } from '../auth/sms-codes';
import { requiredText } from './records';
import { REGISTRATION_BODY } from './request-schemas';

const COMPANY_ROLE_ID = 'r_xypj_company';
const COMPANY_DEPART_ID = 'd_a02';
const USERNAME_RE = /^[A-Za-z0-9_]{4,18}$/;

export interface Registration {
  companyName: string;
  creditCode: string;
  contact: string;
  mobile: string;
  smsCode: string;
  username: string;
  password: string;
  email: string | null;
}

function optionalText(body: Record<string, unknown>, property: string): string {
  const v = body[property];
  return typeof v === 'string' ? v.trim() : '';
}

/** The register page's body (contract names phone/smscode are accepted beside mobile/smsCode); refuses with the first problem. */
export function parseRegistration(raw: unknown): Registration {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw businessError('请求内容格式不正确');
  const body = raw as Record<string, unknown>;
  const companyName = requiredText(body, 'companyName', '企业名称', 100);
  const creditCode = requiredText(body, 'creditCode', '统一社会信用代码', 18).toUpperCase();
  const codeProblem = creditCodeProblem(creditCode);
  if (codeProblem) throw businessError(codeProblem);
  const contact = requiredText(body, 'contact', '联系人', 50);
  const mobile = optionalText(body, 'mobile') || optionalText(body, 'phone');
  if (!mobile) throw businessError('请输入手机号');
  if (!new RegExp(MOBILE).test(mobile)) throw businessError('请输入正确手机号');
  const smsCode = optionalText(body, 'smsCode') || optionalText(body, 'smscode') || optionalText(body, 'captcha');
  if (!smsCode) throw businessError('请输入短信验证码');
  const username = optionalText(body, 'username');
  if (!username) throw businessError('请输入用户名');
  if (!USERNAME_RE.test(username)) throw businessError('用户名只允许字母、数字、下划线，长度4到18个字符');
  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) throw businessError('请输入密码');
  if (!isStrongPassword(password)) throw businessError(PASSWORD_RULE_MESSAGE);
  const email = optionalText(body, 'email') || null;
  if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw businessError('邮箱格式不正确');
  return { companyName, creditCode, contact, mobile, smsCode, username, password, email };
}

/**
 * POST /sys/user/register (public, rate limited): a company registers with an SMS code sent for
 * registration (smsmode 1). Creates a pending company and its login account, disabled until staff
 * approve the company.
 */
export function registerRoute(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: unknown }>(
    '/sys/user/register',
    { config: { public: true, rateLimit: 'register' }, schema: REGISTRATION_BODY },
    async (request) => {
      const r = parseRegistration(request.body);
      const taken = await db
        .selectFrom('sys_user')
        .select(['username', 'phone'])
        .where((eb) => eb.or([eb('username', '=', r.username), eb('phone', '=', r.mobile)]))
        .execute();
      if (taken.some((u) => u.username === r.username)) throw businessError('用户名已存在');
      if (taken.some((u) => u.phone === r.mobile)) throw businessError('该手机号已经注册，请直接登录！');
      const dup = await sql`select 1 as one from xypj_company where credit_code = ${r.creditCode}`.execute(db);
      if (dup.rows.length) throw businessError('该统一社会信用代码已注册');
      if (!(await verifySmsCode(db, r.mobile, '1', r.smsCode))) throw businessError('短信验证码错误或已过期');

      const userId = newId();
      const companyId = newId();
      const now = new Date();
      const hash = await hashPassword(r.password);
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_user')
          .values({
            id: userId,
            username: r.username,
            realname: r.companyName,
            password: hash,
            salt: null,
            avatar: null,
            birthday: null,
            sex: null,
            email: r.email,
            phone: r.mobile,
            org_code: 'A02',
            status: 2,
            del_flag: 0,
            third_id: null,
            third_type: null,
            activiti_sync: 0,
            work_no: null,
            post: null,
            telephone: null,
            user_identity: 1,
            depart_ids: null,
            rel_tenant_ids: '',
            client_id: null,
            create_by: r.username,
            create_time: now,
            update_by: null,
            update_time: null,
          })
          .execute();
        await tx.insertInto('sys_user_role').values({ id: newId(), user_id: userId, role_id: COMPANY_ROLE_ID }).execute();
        await tx.insertInto('sys_user_depart').values({ id: newId(), user_id: userId, dep_id: COMPANY_DEPART_ID }).execute();
        await sql`insert into xypj_company (id, name, credit_code, contact, mobile, email, status, user_id, username, create_by, create_time, sys_org_code)
        values (${companyId}, ${r.companyName}, ${r.creditCode}, ${r.contact}, ${r.mobile}, ${r.email}, 'pending', ${userId}, ${r.username}, ${r.username}, ${now}, 'A02')`.execute(
          tx,
        );
      });
      return ok(
        {
          username: r.username,
          companyName: r.companyName,
          creditCode: r.creditCode,
          contact: r.contact,
          mobile: r.mobile,
          status: 'pending',
          statusText: '待审核',
        },
        '注册成功，请等待协会工作人员审核，审核通过后即可登录',
      );
    },
  );
}

/** Why a company's account cannot sign in: its registration awaits review, was rejected, or the company is frozen. */
export async function companyAccountReason(db: Db, user: { id: string }): Promise<string | null> {
  const res = await sql<{
    status: string;
    reject_reason: string | null;
  }>`select status, reject_reason from xypj_company where user_id = ${user.id} limit 1`.execute(db);
  const company = res.rows[0];
  if (!company) return null;
  if (company.status === 'pending') return '企业注册信息正在审核中，审核通过后即可登录';
  if (company.status === 'rejected') return `企业注册未通过审核${company.reject_reason ? `：${company.reject_reason}` : ''}`;
  if (company.status === 'frozen') return '企业已被冻结，请联系协会工作人员';
  return null;
}
