import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { ok } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import { objectSchema, text } from '../../core/schemas';
import { optionalText, PAGE_QUERY } from './common';
import { queryUserList, userListRules, type UserListQuery } from './user-query';

export const ADDRESS_LIST_PERMISSION = 'addressList:list';
const ORG_CODE = '^$|^[A-Za-z0-9]{1,64}$';

/** Department names of each user, in org-code order, joined by " | " (the reference's departName). */
async function withDepartNames(db: AppDeps['db'], records: Array<Record<string, JsonValue>>): Promise<Array<Record<string, JsonValue>>> {
  if (records.length === 0) return records;
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.depart_name'])
    .where(
      'ud.user_id',
      'in',
      records.map((r) => String(r.id)),
    )
    .where('d.del_flag', '=', '0')
    .orderBy('d.org_code')
    .execute();
  const names = new Map<string, string[]>();
  for (const r of rows) names.set(r.user_id, [...(names.get(r.user_id) ?? []), r.depart_name]);
  return records.map((r) => ({ ...r, departName: names.get(String(r.id))?.join(' | ') ?? null }));
}

/**
 * 通讯录: GET /sys/user/queryByOrgCodeForAddressList?pageNo&pageSize&orgCode&realname&workNo
 * (permission addressList:list, with the user list's data rules). Without orgCode every user; with it
 * the users of that department and those below it.
 */
export function addressListRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: UserListQuery }>(
    '/sys/user/queryByOrgCodeForAddressList',
    {
      config: { permission: ADDRESS_LIST_PERMISSION },
      schema: {
        querystring: objectSchema({
          ...PAGE_QUERY,
          orgCode: text('机构编码', 64, { pattern: ORG_CODE }),
          realname: text('姓名', 100),
          workNo: text('工号', 100),
          _t: text('时间戳', 20),
        }),
      },
    },
    async (request) => {
      const { orgCode: raw, realname, workNo, pageNo, pageSize } = request.query;
      const orgCode = optionalText(raw);
      const conditions = await userListRules(db, request);
      // the pattern above leaves no LIKE wildcard in the code
      if (orgCode) {
        conditions.push(sql<boolean>`id in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
          where d.del_flag = '0' and d.org_code like ${`${orgCode}%`})`);
      }
      const query: UserListQuery = { pageNo, pageSize, column: 'workNo', order: 'asc' };
      if (optionalText(realname)) query.realname = `*${optionalText(realname)}*`;
      if (optionalText(workNo)) query.workNo = `*${optionalText(workNo)}*`;
      const page = await queryUserList(db, query, conditions);
      return ok({ ...page, records: await withDepartNames(db, page.records) });
    },
  );
}
