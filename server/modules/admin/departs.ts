import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db, SysDepart } from '../../db/types';
import { auditInsert, auditUpdate, idList, optionalText, requireId } from './common';
import { applyDirectors, directorsByDepart, forgetDirectedDeparts, planDirectors } from './depart-directors';
import { allDeparts, departDescendants, departNode, departTree, nextChildCode } from './depart-tree';
import { myDepartIds, userIdentity } from './my-departs';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';
import { userRecords } from './user-json';

interface DepartBody {
  id?: string;
  parentId?: string | null;
  departName?: string;
  departNameEn?: string;
  departNameAbbr?: string;
  departOrder?: string;
  description?: string;
  orgCategory?: string;
  mobile?: string;
  fax?: string;
  address?: string;
  memo?: string;
  status?: string;
  /** 部门负责人: comma-joined user ids. */
  directorUserIds?: string;
}

const s = (title: string, maxLength: number) => ({ type: 'string', title, maxLength });
const DEPART_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: s('部门ID', 36),
    parentId: { type: ['string', 'null'], title: '上级部门', maxLength: 36 },
    departName: s('机构名称', 100),
    departNameEn: s('英文名', 500),
    departNameAbbr: s('缩写', 500),
    departOrder: s('排序', 10),
    description: s('描述', 500),
    orgCategory: s('机构类型', 10),
    mobile: s('手机号', 32),
    fax: s('传真', 32),
    address: s('地址', 100),
    memo: s('备注', 500),
    status: s('状态', 1),
    directorUserIds: s('部门负责人', 40000),
  },
} as const;

function departValues(body: DepartBody) {
  const departName = optionalText(body.departName);
  if (!departName) throw businessError('请输入机构/部门名称!');
  const order = optionalText(body.departOrder);
  if (order !== null && !/^-?\d{1,9}$/.test(order)) throw businessError('排序格式不正确');
  const orgCategory = optionalText(body.orgCategory) ?? '1';
  if (!['1', '2', '3'].includes(orgCategory)) throw businessError('机构类型取值不正确');
  const mobile = optionalText(body.mobile);
  if (mobile && !/^[0-9+\-() ]{5,32}$/.test(mobile)) throw businessError('请输入正确的手机号码');
  const status = optionalText(body.status) ?? '1';
  if (!['0', '1'].includes(status)) throw businessError('状态取值不正确');
  return {
    depart_name: departName,
    depart_name_en: optionalText(body.departNameEn),
    depart_name_abbr: optionalText(body.departNameAbbr),
    depart_order: order === null ? 0 : Number(order),
    description: optionalText(body.description),
    org_category: orgCategory,
    mobile,
    fax: optionalText(body.fax),
    address: optionalText(body.address),
    memo: optionalText(body.memo),
    status,
  };
}

/** Removes departments with their descendants, user links, permissions and department roles. */
export async function deleteDeparts(db: Db, ids: string[]): Promise<void> {
  const all = departDescendants(await allDeparts(db), ids);
  await db.transaction().execute(async (trx) => {
    const roles = await trx.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', all).execute();
    const roleIds = roles.map((r) => r.id);
    if (roleIds.length) {
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roleIds).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', roleIds).execute();
    }
    await trx.deleteFrom('sys_depart_role').where('depart_id', 'in', all).execute();
    await trx.deleteFrom('sys_depart_permission').where('depart_id', 'in', all).execute();
    await trx.deleteFrom('sys_user_depart').where('dep_id', 'in', all).execute();
    await forgetDirectedDeparts(trx, all);
    await trx
      .updateTable('sys_user')
      .set({ org_code: null })
      .where('org_code', 'in', (eb) => eb.selectFrom('sys_depart').select('org_code').where('id', 'in', all))
      .execute();
    await trx.deleteFrom('sys_depart').where('id', 'in', all).execute();
  });
}

/** Tree nodes with 部门负责人 (directorUserIds, comma-joined user ids) for the department screens. */
async function nodesWithDirectors(db: Db): Promise<(d: SysDepart, isLeaf: boolean) => ReturnType<typeof departNode>> {
  const directors = await directorsByDepart(db);
  return (d, isLeaf) => ({ ...departNode(d, isLeaf), directorUserIds: directors.get(d.id)?.join(',') ?? null });
}

const idQuery = (title: string, extra: Record<string, unknown> = {}) => ({
  querystring: objectSchema({ id: text(title, 36), _t: text('时间戳', 20), ...extra }),
});

/** trees, search, parents and users of departments */
function departReadRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: { ids?: string } }>(
    '/sys/sysDepart/queryTreeList',
    { config: { authenticated: true }, schema: { querystring: objectSchema({ ids: text('部门ID', 40000), _t: text('时间戳', 20) }) } },
    async (request) => {
      const rows = await allDeparts(db);
      const ids = idList(request.query.ids, '部门ID', { required: false });
      const node = await nodesWithDirectors(db);
      if (ids.length) return ok(rows.filter((r) => ids.includes(r.id)).map((r) => node(r, true)));
      return ok(departTree(rows, node));
    },
  );

  api.get<{ Querystring: { pid?: string; ids?: string; primaryKey?: string } }>(
    '/sys/sysDepart/queryDepartTreeSync',
    {
      config: { authenticated: true },
      schema: {
        querystring: objectSchema({
          pid: text('上级部门', 36),
          ids: text('部门ID', 40000),
          primaryKey: text('主键', 10),
          _t: text('时间戳', 20),
        }),
      },
    },
    async (request) => {
      const pid = optionalText(request.query.pid);
      const rows = await allDeparts(db);
      const ids = idList(request.query.ids, '部门ID', { required: false });
      const byOrgCode = request.query.primaryKey === 'orgCode';
      const parent = pid ? rows.find((r) => (byOrgCode ? r.org_code : r.id) === requireId(pid, '上级部门')) : undefined;
      let level = pid ? rows.filter((r) => parent && r.parent_id === parent.id) : rows.filter((r) => !r.parent_id);
      if (!pid && ids.length) level = rows.filter((r) => ids.includes(r.id));
      const hasChildren = new Set(rows.map((r) => r.parent_id));
      return ok(level.map((d) => departNode(d, !hasChildren.has(d.id))));
    },
  );

  api.get('/sys/sysDepart/queryIdTree', { config: { authenticated: true } }, async () =>
    ok(departTree(await allDeparts(db), (d) => ({ key: d.id, value: d.id, title: d.depart_name }))),
  );

  api.get<{ Querystring: { keyWord?: string; myDeptSearch?: string } }>(
    '/sys/sysDepart/searchBy',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ keyWord: text('部门名称', 100), myDeptSearch: text('我的部门', 2), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const { user } = requireSession(request);
      const keyword = optionalText(request.query.keyWord);
      if (!keyword) throw businessError('请输入部门名称');
      let rows = (await allDeparts(db)).filter((d) => d.depart_name.includes(keyword));
      if (request.query.myDeptSearch === '1') {
        const mine = new Set(await myDepartIds(db, user.id));
        rows = rows.filter((d) => mine.has(d.id));
      }
      if (rows.length === 0) throw businessError('未查询匹配数据！');
      const node = await nodesWithDirectors(db);
      return ok(rows.map((d) => node(d, true)));
    },
  );

  // the message carries the caller's identity, as JeecgBoot clients read it: "2" 上级, "1" 普通用户
  api.get('/sys/sysDepart/queryMyDeptTreeList', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const mine = new Set(await myDepartIds(db, user.id));
    const tree = departTree(
      (await allDeparts(db)).filter((d) => mine.has(d.id)),
      await nodesWithDirectors(db),
    );
    return ok(tree, String(await userIdentity(db, user.id)));
  });

  api.get<{ Querystring: { departId?: string; orgCode?: string } }>(
    '/sys/sysDepart/queryAllParentId',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ departId: text('部门ID', 4000), orgCode: text('机构编码', 4000), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const rows = await allDeparts(db);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const targets = request.query.departId
        ? idList(request.query.departId, '部门ID').map((id) => byId.get(id))
        : idList(request.query.orgCode, '机构编码').map((code) => rows.find((r) => r.org_code === code));
      const out: Record<string, string[]> = {};
      for (const d of targets) {
        if (!d) continue;
        const chain: string[] = [];
        for (let p = d.parent_id ? byId.get(d.parent_id) : undefined; p; p = p.parent_id ? byId.get(p.parent_id) : undefined)
          chain.unshift(p.id);
        out[d.id] = chain;
      }
      return ok(out);
    },
  );

  api.get<{ Querystring: { id?: string } }>(
    '/sys/sysDepart/getUsersByDepartId',
    { config: { permission: ['depart:list', 'depart:users', 'user:list'] }, schema: idQuery('部门ID') },
    async (request) => {
      const id = requireId(request.query.id, '部门ID');
      const users = await db
        .selectFrom('sys_user as u')
        .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
        .selectAll('u')
        .where('ud.dep_id', '=', id)
        .where('u.del_flag', '=', 0)
        .orderBy('u.username')
        .execute();
      return ok(await userRecords(db, users));
    },
  );
}

/** add, edit and delete */
function departWriteRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: DepartBody }>(
    '/sys/sysDepart/add',
    { config: { permission: 'depart:add' }, schema: { body: DEPART_BODY } },
    async (request) => {
      const { user } = requireSession(request);
      const values = departValues(request.body);
      const parentId = optionalText(request.body.parentId);
      const parent = parentId
        ? await db.selectFrom('sys_depart').selectAll().where('id', '=', requireId(parentId, '上级部门')).executeTakeFirst()
        : null;
      if (parentId && !parent) throw businessError('上级部门不存在');
      const directors = await planDirectors(request, db, undefined, request.body.directorUserIds);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(7302001)`.execute(trx);
        const siblings = await trx
          .selectFrom('sys_depart')
          .select('org_code')
          .where('org_code', 'like', `${parent?.org_code ?? ''}___`)
          .execute();
        const orgCode = nextChildCode(
          parent?.org_code ?? '',
          siblings.map((r) => r.org_code),
        );
        await trx
          .insertInto('sys_depart')
          .values({
            id,
            parent_id: parent?.id ?? null,
            ...values,
            org_code: orgCode,
            org_type: parent ? '2' : '1',
            del_flag: '0',
            qywx_identifier: null,
            ...auditInsert(user.username),
          })
          .execute();
        await applyDirectors(trx, { departId: id, ...directors });
      });
      await logOperation(db, request, OP_ADD, `添加部门，名称： ${values.depart_name}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: DepartBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { permission: 'depart:edit' },
    schema: { body: DEPART_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '部门ID');
      const existing = await db.selectFrom('sys_depart').select('id').where('id', '=', id).executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      const values = departValues(request.body);
      const directors =
        request.body.directorUserIds === undefined ? undefined : await planDirectors(request, db, id, request.body.directorUserIds);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_depart')
          .set({ ...values, ...auditUpdate(user.username) })
          .where('id', '=', id)
          .execute();
        if (directors) await applyDirectors(trx, { departId: id, ...directors });
      });
      await logOperation(db, request, OP_EDIT, `编辑部门，名称： ${values.depart_name}`);
      return okMessage('编辑成功!');
    },
  });

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/sysDepart/delete',
    { config: { permission: 'depart:delete' }, schema: idQuery('部门ID') },
    async (request) => {
      const id = requireId(request.query.id, '部门ID');
      const existing = await db.selectFrom('sys_depart').select('id').where('id', '=', id).executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      await deleteDeparts(db, [id]);
      await logOperation(db, request, OP_DELETE, `删除部门，id： ${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/sysDepart/deleteBatch',
    { config: { permission: 'depart:delete' }, schema: { querystring: objectSchema({ ids: text('部门ID', 40000) }) } },
    async (request) => {
      const ids = idList(request.query.ids, '部门ID');
      await deleteDeparts(db, ids);
      await logOperation(db, request, OP_DELETE, `批量删除部门，ids： ${ids.join(',')}`);
      return okMessage('删除成功!');
    },
  );
}

export function departRoutes(api: FastifyInstance, deps: AppDeps): void {
  departReadRoutes(api, deps);
  departWriteRoutes(api, deps);
}
