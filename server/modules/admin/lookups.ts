import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okCode0 } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import { loadRoleCodes } from '../../core/permissions';
import { objectSchema, text } from '../../core/schemas';
import { userPermissionResult } from '../auth/menu-tree';
import { idList, jsonRows, optionalText, PAGE_QUERY, requireId } from './common';
import { allDeparts, departNode, departTree } from './depart-tree';
import { queryUserList, userListRules, type UserListQuery } from './user-query';

type Json = Record<string, JsonValue>;
const ORG_CODE = '^[A-Za-z0-9]{1,64}$';
const withStamp = (props: Record<string, unknown>) => ({ querystring: objectSchema({ ...props, _t: text('时间戳', 20) }) });

/** The topmost nodes whose name contains the keyword, each with its whole subtree (the reference's queryTreeByKeyWord). */
function matchingSubtrees(nodes: readonly Json[], keyword: string): Json[] {
  return nodes.flatMap((n) => {
    if (String(n.title ?? '').includes(keyword)) return [n];
    return Array.isArray(n.children) ? matchingSubtrees(n.children as Json[], keyword) : [];
  });
}

/**
 * Read-only lookups for other screens and widgets: department lists and names (any
 * signed-in user, like the other department trees), the caller's permission codes, and users under an
 * org code (user:list, with the user list's data rules).
 */
export function lookupRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: { id?: string } }>(
    '/sys/sysDepart/listAll',
    { config: { authenticated: true }, schema: withStamp({ id: text('部门ID', 40000) }) },
    async (request) => {
      const ids = idList(request.query.id, '部门ID', { required: false });
      const rows = (await allDeparts(db))
        .filter((d) => ids.length === 0 || ids.includes(d.id))
        .sort((a, b) => a.org_code.localeCompare(b.org_code));
      return okCode0(jsonRows(rows));
    },
  );

  api.get<{ Querystring: { keyWord?: string } }>(
    '/sys/sysDepart/queryTreeByKeyWord',
    { config: { authenticated: true }, schema: withStamp({ keyWord: text('部门名称', 100) }) },
    async (request) => {
      const tree = departTree(await allDeparts(db), departNode);
      const keyword = optionalText(request.query.keyWord);
      return ok(keyword ? matchingSubtrees(tree, keyword) : tree);
    },
  );

  api.get<{ Querystring: { orgCode?: string } }>(
    '/sys/sysDepart/getDepartName',
    { config: { authenticated: true }, schema: withStamp({ orgCode: text('机构编码', 64, { pattern: `^$|${ORG_CODE}` }) }) },
    async (request) => {
      const orgCode = optionalText(request.query.orgCode);
      if (!orgCode) throw businessError('机构编码不能为空');
      const row = await db
        .selectFrom('sys_depart')
        .select('depart_name')
        .where('org_code', '=', orgCode)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (!row) throw businessError('未找到对应部门');
      return okCode0(row.depart_name);
    },
  );

  api.get<{ Querystring: { departId?: string } }>(
    '/sys/sysDepart/queryParentName',
    { config: { authenticated: true }, schema: withStamp({ departId: text('部门ID', 36) }) },
    async (request) => {
      const departId = requireId(request.query.departId, '部门ID');
      const depart = await db
        .selectFrom('sys_depart')
        .select('parent_id')
        .where('id', '=', departId)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (!depart) throw businessError('未找到对应部门');
      if (!depart.parent_id) return okCode0('');
      const parent = await db
        .selectFrom('sys_depart')
        .select('depart_name')
        .where('id', '=', depart.parent_id)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      return okCode0(parent?.depart_name ?? '');
    },
  );

  api.get('/sys/permission/getPermCode', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const { auth, allAuth, sysSafeMode } = await userPermissionResult(db, user.id, await loadRoleCodes(db, user.id));
    return ok({ codeList: auth.map((a) => a.action).filter((a): a is string => !!a), auth, allAuth, sysSafeMode });
  });

  api.get<{ Querystring: UserListQuery }>(
    '/sys/user/queryByOrgCode',
    {
      config: { permission: 'user:list' },
      schema: withStamp({
        ...PAGE_QUERY,
        orgCode: text('机构编码', 64, { pattern: `^$|${ORG_CODE}` }),
        realname: text('用户姓名', 100),
        workNo: text('工号', 100),
        username: text('用户账号', 100),
      }),
    },
    async (request) => {
      const { orgCode: raw, ...query } = request.query;
      const orgCode = optionalText(raw);
      if (!orgCode) throw businessError('机构编码不能为空');
      // the pattern above leaves no LIKE wildcard in the code: the department and those below it
      const under = sql<boolean>`id in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
        where d.del_flag = '0' and d.org_code like ${`${orgCode}%`})`;
      return ok(await queryUserList(db, query, [...(await userListRules(db, request)), under]));
    },
  );
}
