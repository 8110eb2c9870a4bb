import type { Db } from '../../db/types';
import { badRequest, businessError } from '../../core/envelope';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../../core/passwords';
import { USERNAME } from '../../core/schemas';
import { idList, optionalDay, optionalText } from './common';
import { RESERVED_USERNAME } from './user-query';

/** The user form of 用户管理 (add and edit). */
export interface UserBody {
  id?: string;
  username?: string;
  realname?: string;
  password?: string;
  confirmpassword?: string;
  workNo?: string;
  phone?: string;
  email?: string;
  telephone?: string;
  sex?: string;
  birthday?: string;
  avatar?: string;
  post?: string;
  userIdentity?: string;
  departIds?: string;
  relTenantIds?: string;
  selectedroles?: string;
  selecteddeparts?: string;
  activitiSync?: string;
}

const s = (title: string, maxLength: number) => ({ type: 'string', title, maxLength });

export const USER_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: s('用户ID', 36),
    username: s('用户账号', 100),
    realname: s('用户姓名', 100),
    password: s('登录密码', 128),
    confirmpassword: s('确认密码', 128),
    workNo: s('工号', 100),
    phone: s('手机号码', 45),
    email: s('邮箱', 45),
    telephone: s('座机', 45),
    sex: s('性别', 2),
    birthday: s('生日', 19),
    avatar: s('头像', 255),
    post: s('职务', 100),
    userIdentity: s('身份', 2),
    departIds: s('负责部门', 2000),
    relTenantIds: s('租户', 100),
    selectedroles: s('角色', 4000),
    selecteddeparts: s('部门', 4000),
    activitiSync: s('同步工作流引擎', 2),
  },
} as const;

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const TELEPHONE = /^0\d{2,3}-[1-9]\d{6,7}$/;
const USERNAME_RE = new RegExp(USERNAME);

/** A stored file path or an http(s) address; never a script URL or a path that climbs. */
export function checkAvatar(value: string | null): string | null {
  if (!value) return null;
  if (value.includes('..') || /[\s<>"'`\\]/.test(value) || (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && !/^https?:\/\//i.test(value))) {
    throw badRequest('头像地址格式不正确');
  }
  return value;
}

function smallInt(value: string | undefined, allowed: readonly number[], label: string): number | null {
  const v = optionalText(value);
  if (v === null) return null;
  const n = Number(v);
  if (!allowed.includes(n)) throw badRequest(`${label}取值不正确`);
  return n;
}

export interface UserFields {
  realname: string;
  work_no: string;
  phone: string;
  email: string | null;
  telephone: string | null;
  sex: number | null;
  birthday: string | null;
  avatar: string | null;
  post: string | null;
  user_identity: number;
  depart_ids: string | null;
  rel_tenant_ids: string;
  activiti_sync: number;
}

/** Profile fields of the form with the modal's messages. */
export function userFields(body: UserBody): UserFields {
  const realname = optionalText(body.realname);
  if (!realname) throw businessError('请输入用户名称!');
  const workNo = optionalText(body.workNo);
  if (!workNo) throw businessError('请输入工号!');
  const phone = optionalText(body.phone);
  if (!phone) throw businessError('请输入手机号码!');
  if (!MOBILE.test(phone)) throw businessError('请输入正确格式的手机号码!');
  const email = optionalText(body.email);
  if (email && !EMAIL.test(email)) throw businessError('请输入正确格式的邮箱!');
  const telephone = optionalText(body.telephone);
  if (telephone && !TELEPHONE.test(telephone)) throw businessError('请输入正确的座机号码');
  const post = optionalText(body.post);
  if (post && !/^[^'";\\<>]+$/.test(post)) throw badRequest('职务格式不正确');
  return {
    realname,
    work_no: workNo,
    phone,
    email,
    telephone,
    sex: smallInt(body.sex, [0, 1, 2], '性别'),
    birthday: optionalDay(body.birthday, '生日'),
    avatar: checkAvatar(optionalText(body.avatar)),
    post,
    user_identity: smallInt(body.userIdentity, [1, 2], '身份') ?? 1,
    depart_ids: idList(body.departIds, '负责部门', { required: false }).join(',') || null,
    rel_tenant_ids: tenantIds(body.relTenantIds).join(','),
    activiti_sync: smallInt(body.activitiSync, [0, 1], '同步工作流引擎') ?? 0,
  };
}

function tenantIds(value: string | undefined): number[] {
  const parts = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => !/^\d{1,9}$/.test(p))) throw badRequest('租户格式不正确');
  return [...new Set(parts.map(Number))];
}

export function newUsername(body: UserBody): string {
  const username = optionalText(body.username);
  if (!username) throw businessError('请输入用户账号!');
  if (!USERNAME_RE.test(username) || username === RESERVED_USERNAME) throw businessError('用户账号格式不正确');
  return username;
}

export function newPassword(body: UserBody): string {
  const password = body.password ?? '';
  if (!password) throw businessError('请输入登录密码!');
  if (!isStrongPassword(password)) throw businessError(PASSWORD_RULE_MESSAGE);
  if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw businessError('两次输入的密码不一样！');
  return password;
}

/** Duplicate username / work number / phone / email (deleted users included: the values stay taken). */
export async function refuseDuplicates(
  db: Db,
  fields: { username?: string; work_no: string; phone: string; email: string | null },
  exceptId?: string,
): Promise<void> {
  const checks: Array<['username' | 'work_no' | 'phone' | 'email', string | null | undefined, string]> = [
    ['username', fields.username, '用户名已存在!'],
    ['work_no', fields.work_no, '工号已存在!'],
    ['phone', fields.phone, '手机号已存在!'],
    ['email', fields.email, '邮箱已存在!'],
  ];
  for (const [column, value, message] of checks) {
    if (!value) continue;
    let q = db.selectFrom('sys_user').select('id').where(column, '=', value);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw businessError(message);
  }
}

/** Ids that must all exist in `table`; otherwise the plain message. */
export async function requireExisting(db: Db, table: 'sys_role' | 'sys_depart', ids: string[], message: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw businessError(message);
}

export async function requireTenants(db: Db, csv: string): Promise<void> {
  const ids = csv ? csv.split(',').map(Number) : [];
  if (ids.length === 0) return;
  const rows = await db.selectFrom('sys_tenant').select('id').where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw businessError('租户不存在');
}
