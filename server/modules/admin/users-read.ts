import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, requireGrants } from '../../core/access-control';
import { hasAnyCode } from '../../core/permissions';
import type { AppDeps } from '../../core/deps';
import { businessError, forbidden, ok, okCode0, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import { PAGE_QUERY, idList, likeContains, requireId } from './common';
import { userRecords } from './user-json';
import { queryUserList, userListRules, type UserListQuery } from './user-query';

export const USER_LIST_QUERY = objectSchema({
  ...PAGE_QUERY,
  username: text('用户账号', 100),
  realname: text('用户姓名', 100),
  phone: text('手机号码', 45),
  email: text('邮箱', 45),
  workNo: text('工号', 100),
  post: text('职务', 100),
  telephone: text('座机', 45),
  orgCode: text('机构编码', 64),
  sex: text('性别', 20),
  status: text('状态', 20),
  userIdentity: text('身份', 20),
  departId: text('部门ID', 36),
  code: text('用户ID', 40000),
  createTime_begin: text('创建时间', 19),
  createTime_end: text('创建时间', 19),
});

/** Fields checkOnlyUser may look up, with the message for a taken value (the user form's). */
const UNIQUE_FIELDS = {
  username: { column: 'username', message: '用户名已存在!' },
  workNo: { column: 'work_no', message: '工号已存在!' },
  phone: { column: 'phone', message: '手机号已存在!' },
  email: { column: 'email', message: '邮箱已存在!' },
} as const;

/** What the register page may ask anonymously: is this username, phone or email taken. */
const PUBLIC_UNIQUE_FIELDS = { username: UNIQUE_FIELDS.username, phone: UNIQUE_FIELDS.phone, email: UNIQUE_FIELDS.email } as const;

/** true when the request carries a valid token whose user may fill the user form. */
async function holdsUserForm(request: FastifyRequest, { db, tokens }: AppDeps): Promise<boolean> {
  if (!request.headers['x-access-token']) return false;
  try {
    request.session = await authenticate(request, tokens);
  } catch {
    return false;
  }
  return hasAnyCode(await requireGrants(request, db), ['user:add', 'user:edit']);
}

export function userReadRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  api.get<{ Querystring: UserListQuery }>(
    '/sys/user/list',
    { config: { permission: 'user:list' }, schema: { querystring: USER_LIST_QUERY } },
    async (request) => {
      return okCode0(await queryUserList(db, request.query, await userListRules(db, request)));
    },
  );

  api.get<{ Querystring: { id?: string } }>(
    '/sys/user/queryById',
    { config: { permission: ['user:list', 'user:edit'] }, schema: { querystring: objectSchema({ id: text('用户ID', 36) }) } },
    async (request) => {
      const id = requireId(request.query.id, '用户ID');
      const row = await db.selectFrom('sys_user').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
      if (!row) throw businessError('未找到对应数据');
      const [record] = await userRecords(db, [row]);
      return ok(record);
    },
  );

  api.get<{ Querystring: { userid?: string } }>(
    '/sys/user/queryUserRole',
    { config: { permission: ['user:list', 'user:edit'] }, schema: { querystring: objectSchema({ userid: text('用户ID', 36) }) } },
    async (request) => {
      const id = requireId(request.query.userid, '用户ID');
      const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute();
      if (rows.length === 0) throw businessError('未找到用户相关角色信息');
      return ok(rows.map((r) => r.role_id));
    },
  );

  api.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/user/checkOnlyUser',
    {
      // public for the register page (rate limited); callers holding user:add or user:edit get the form's variant
      config: { public: true, rateLimit: 'register', rateLimitPerUser: true },
      schema: {
        querystring: objectSchema({
          id: text('用户ID', 36),
          username: text('用户账号', 100),
          workNo: text('工号', 100),
          phone: text('手机号码', 45),
          email: text('邮箱', 45),
          _t: text('时间戳', 20),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const privileged = await holdsUserForm(request, deps);
      const allowed = privileged ? UNIQUE_FIELDS : PUBLIC_UNIQUE_FIELDS;
      if (!privileged && (q.id || q.workNo)) throw forbidden();
      const excludeId = q.id ? requireId(q.id, '用户ID') : null;
      const field = (Object.keys(allowed) as Array<keyof typeof allowed>).find((k) => q[k]?.trim());
      if (!field) throw businessError('请输入要校验的值');
      const { column, message } = allowed[field];
      let query = db.selectFrom('sys_user').select('id').where(column, '=', q[field]!.trim());
      if (excludeId) query = query.where('id', '<>', excludeId);
      if (await query.executeTakeFirst()) throw businessError(message);
      return okMessage('该值可用！');
    },
  );

  api.get<{ Querystring: { id?: string; realname?: string } }>(
    '/sys/user/queryUserByDepId',
    {
      config: { permission: ['user:list', 'depart:users'] },
      schema: { querystring: objectSchema({ id: text('部门ID', 36), realname: text('用户姓名', 100), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const departId = requireId(request.query.id, '部门ID');
      let q = db
        .selectFrom('sys_user as u')
        .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
        .selectAll('u')
        .where('ud.dep_id', '=', departId)
        .where('u.del_flag', '=', 0);
      const realname = request.query.realname?.trim();
      if (realname) q = q.where(likeContains('u.realname', realname));
      const users = await q.orderBy('u.username').execute();
      return ok(await userRecords(db, users));
    },
  );

  api.get<{ Querystring: { userId?: string } }>(
    '/sys/user/userDepartList',
    {
      config: { permission: ['user:list', 'user:edit'] },
      schema: { querystring: objectSchema({ userId: text('用户ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const id = requireId(request.query.userId, '用户ID');
      const rows = await db
        .selectFrom('sys_depart as d')
        .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
        .select(['d.id', 'd.depart_name'])
        .where('ud.user_id', '=', id)
        .orderBy('d.org_code')
        .execute();
      return ok(rows.map((d) => ({ key: d.id, value: d.id, title: d.depart_name })));
    },
  );

  api.get('/sys/user/generateUserId', { config: { permission: 'user:add' } }, async () => ok(newId()));

  api.get<{ Querystring: { userIds?: string } }>(
    '/sys/user/queryByIds',
    {
      config: { permission: 'user:list' },
      schema: { querystring: objectSchema({ userIds: text('用户ID', 40000), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const ids = idList(request.query.userIds, '用户ID');
      const users = await db.selectFrom('sys_user').selectAll().where('id', 'in', ids).where('del_flag', '=', 0).execute();
      return ok(await userRecords(db, users));
    },
  );

  api.get('/sys/user/recycleBin', { config: { permission: 'user:recycle' } }, async () => {
    const users = await db.selectFrom('sys_user').selectAll().where('del_flag', '=', 1).orderBy('update_time', 'desc').execute();
    return ok(await userRecords(db, users));
  });
}
