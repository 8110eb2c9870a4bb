import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import { formatDateTime } from '../../core/time';
import { containsPattern, plainDictLabels, splitList } from './dict-queries';

export const SORT_REFUSED_MESSAGE = '排序字段不存在';

/** Client sort names (property or column form) → sys_user columns. */
const SORTABLE: Record<string, 'create_time' | 'username' | 'realname' | 'sex' | 'work_no' | 'phone' | 'email' | 'status'> = {
  createTime: 'create_time',
  create_time: 'create_time',
  username: 'username',
  realname: 'realname',
  sex: 'sex',
  workNo: 'work_no',
  work_no: 'work_no',
  phone: 'phone',
  email: 'email',
  status: 'status',
};

export interface UserPickQuery {
  pageNo?: number;
  pageSize?: number;
  username?: string;
  realname?: string;
  departId?: string;
  id?: string;
  column?: string;
  order?: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function sortColumn(column: string | undefined) {
  if (!column) return 'create_time' as const;
  const name = column.replace(/_dictText$/, '');
  const mapped = Object.hasOwn(SORTABLE, name) ? SORTABLE[name] : undefined;
  if (!mapped) throw businessError(SORT_REFUSED_MESSAGE);
  return mapped;
}

/** Department names of each user, comma-joined (the contract's orgCodeTxt). */
async function departNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.depart_name'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('d.org_code')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.depart_name]);
  return new Map([...out].map(([k, v]) => [k, v.join(',')]));
}

/** GET /sys/user/queryUserComponentData: the user picker's page (users of a department and its sub-departments). */
export async function userPickPage(db: Db, q: UserPickQuery): Promise<Page<Record<string, unknown>>> {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const column = sortColumn(q.column);
  const direction = (q.order ?? '').toLowerCase() === 'asc' ? 'asc' : 'desc';

  let base = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0);
  if (q.username?.trim()) base = base.where('u.username', 'ilike', containsPattern(q.username.trim()));
  if (q.realname?.trim()) base = base.where('u.realname', 'ilike', containsPattern(q.realname.trim()));
  const ids = splitList(q.id);
  if (ids.length) base = base.where('u.id', 'in', ids);
  if (q.departId?.trim()) {
    const depart = await db.selectFrom('sys_depart').select('org_code').where('id', '=', q.departId.trim()).executeTakeFirst();
    if (!depart) return { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
    const prefix = `${depart.org_code.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_user_depart as ud')
          .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
          .select(sql`1`.as('one'))
          .whereRef('ud.user_id', '=', 'u.id')
          .where('d.org_code', 'like', prefix),
      ),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select([
      'u.id',
      'u.username',
      'u.realname',
      'u.sex',
      'u.phone',
      'u.email',
      'u.work_no',
      'u.post',
      'u.status',
      'u.avatar',
      'u.org_code',
      'u.create_time',
    ])
    .orderBy(`u.${column}`, direction)
    .orderBy('u.id')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  const names = await departNames(
    db,
    rows.map((r) => r.id),
  );
  const sexText = await plainDictLabels(db, 'sex', ['1', '2']);
  const statusText = await plainDictLabels(db, 'user_status', ['1', '2']);
  const records = rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: r.realname,
    sex: r.sex,
    sex_dictText: r.sex === null ? null : (sexText.get(String(r.sex)) ?? String(r.sex)),
    phone: r.phone,
    email: r.email,
    workNo: r.work_no,
    post: r.post,
    status: r.status,
    status_dictText: statusText.get(String(r.status)) ?? String(r.status),
    avatar: r.avatar,
    orgCode: r.org_code,
    orgCodeTxt: names.get(r.id) ?? null,
    createTime: formatDateTime(r.create_time),
  }));
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}

/** GET /sys/user/getMultiUser: users named by id or username lists, with display fields only. */
export async function multiUsers(db: Db, q: { id?: string; username?: string }) {
  const ids = splitList(q.id);
  const usernames = splitList(q.username);
  if (ids.length === 0 && usernames.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'sex', 'avatar', 'org_code', 'status'])
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(usernames.length ? [eb('username', 'in', usernames)] : [])]))
    .orderBy('username')
    .execute();
  const names = await departNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: r.realname,
    sex: r.sex,
    avatar: r.avatar,
    orgCode: r.org_code,
    orgCodeTxt: names.get(r.id) ?? null,
    status: r.status,
  }));
}
