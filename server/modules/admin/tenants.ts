import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { toJsonRow } from '../../core/json';
import { objectSchema, text } from '../../core/schemas';
import { splitIds } from '../../core/tokens';
import type { Db } from '../../db/types';
import { runListQuery } from '../entity/list-query';
import { idList, optionalText, optionalTimestamp } from './common';
import { TENANT_SOURCE } from './list-sources';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';

interface TenantBody {
  id?: string;
  name?: string;
  beginDate?: string;
  endDate?: string;
  status?: string;
}

const TENANT_BODY = {
  ...objectSchema({
    id: text('租户编号', 9),
    name: text('租户名称', 100),
    beginDate: text('开始时间', 19),
    endDate: text('结束时间', 19),
    status: text('状态', 2),
  }),
  additionalProperties: false,
};

function tenantId(value: unknown): number {
  const v = optionalText(value);
  if (!v) throw businessError('请输入租户编号!');
  if (!/^\d{1,9}$/.test(v)) throw businessError('租户编号只能是数字');
  return Number(v);
}

function tenantValues(body: TenantBody) {
  const name = optionalText(body.name);
  if (!name) throw businessError('请输入租户名称!');
  const status = optionalText(body.status) ?? '1';
  if (status !== '0' && status !== '1') throw businessError('状态取值不正确');
  const begin = optionalTimestamp(body.beginDate, '开始时间');
  const end = optionalTimestamp(body.endDate, '结束时间');
  if (begin && end && end < begin) throw businessError('结束时间不能早于开始时间');
  return { name, begin_date: begin, end_date: end, status: Number(status) };
}

async function tenantIdsInUse(db: Db, ids: number[]): Promise<boolean> {
  const rows = await db
    .selectFrom('sys_user')
    .select('rel_tenant_ids')
    .where('rel_tenant_ids', 'is not', null)
    .where('rel_tenant_ids', '<>', '')
    .execute();
  const wanted = new Set(ids.map(String));
  return rows.some((r) => splitIds(r.rel_tenant_ids).some((id) => wanted.has(id)));
}

export function tenantRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: Record<string, unknown> }>('/sys/tenant/list', { config: { permission: 'tenant:list' } }, async (request) =>
    ok(await runListQuery(db, TENANT_SOURCE, request.query)),
  );

  api.get<{ Querystring: { id?: string } }>(
    '/sys/tenant/queryById',
    { config: { permission: 'tenant:list' }, schema: { querystring: objectSchema({ id: text('租户编号', 9) }) } },
    async (request) => {
      const row = await db.selectFrom('sys_tenant').selectAll().where('id', '=', tenantId(request.query.id)).executeTakeFirst();
      if (!row) throw businessError('未找到对应数据');
      return ok(toJsonRow(row));
    },
  );

  api.get<{ Querystring: { ids?: string } }>(
    '/sys/tenant/queryList',
    {
      config: { permission: ['tenant:list', 'user:add', 'user:edit'] },
      schema: { querystring: objectSchema({ ids: text('租户编号', 4000), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      let q = db.selectFrom('sys_tenant').selectAll().where('status', '=', 1);
      const ids = optionalText(request.query.ids);
      if (ids) q = q.where('id', 'in', ids.split(',').filter(Boolean).map(tenantId));
      return ok((await q.orderBy('id').execute()).map((r) => toJsonRow(r)));
    },
  );

  api.get('/sys/tenant/getCurrentUserTenant', { config: { authenticated: true } }, async (request) => {
    const { user } = requireSession(request);
    const ids = user.relTenantIds.map(Number).filter(Number.isInteger);
    const list = ids.length
      ? await db.selectFrom('sys_tenant').selectAll().where('id', 'in', ids).where('status', '=', 1).orderBy('id').execute()
      : [];
    const header = request.headers['tenant-id'];
    return ok({ list: list.map((r) => toJsonRow(r)), tenantId: (Array.isArray(header) ? header[0] : header) ?? null });
  });

  api.post<{ Body: TenantBody }>(
    '/sys/tenant/add',
    { config: { permission: 'tenant:add' }, schema: { body: TENANT_BODY } },
    async (request) => {
      const { user } = requireSession(request);
      const id = tenantId(request.body.id);
      const values = tenantValues(request.body);
      if (await db.selectFrom('sys_tenant').select('id').where('id', '=', id).executeTakeFirst()) throw businessError('租户编号已存在');
      await db
        .insertInto('sys_tenant')
        .values({ id, ...values, create_by: user.username, create_time: new Date() })
        .execute();
      await logOperation(db, request, OP_ADD, `添加租户，编号： ${id}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: TenantBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/tenant/edit',
    config: { permission: 'tenant:edit' },
    schema: { body: TENANT_BODY },
    handler: async (request) => {
      const id = tenantId(request.body.id);
      const values = tenantValues(request.body);
      const res = await db.updateTable('sys_tenant').set(values).where('id', '=', id).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('未找到对应实体');
      await logOperation(db, request, OP_EDIT, `编辑租户，编号： ${id}`);
      return okMessage('编辑成功!');
    },
  });

  const remove = async (ids: number[]) => {
    if (await tenantIdsInUse(db, ids)) throw businessError('该租户已关联用户，不能删除');
    await db.deleteFrom('sys_tenant').where('id', 'in', ids).execute();
  };

  api.route<{ Querystring: { id?: string } }>({
    method: ['DELETE', 'POST'],
    url: '/sys/tenant/delete',
    config: { permission: 'tenant:delete' },
    schema: { querystring: objectSchema({ id: text('租户编号', 9) }) },
    handler: async (request) => {
      const id = tenantId(request.query.id);
      await remove([id]);
      await logOperation(db, request, OP_DELETE, `删除租户，编号： ${id}`);
      return okMessage('删除成功!');
    },
  });

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/tenant/deleteBatch',
    { config: { permission: 'tenant:delete' }, schema: { querystring: objectSchema({ ids: text('租户编号', 4000) }) } },
    async (request) => {
      const ids = idList(request.query.ids, '租户编号').map(tenantId);
      await remove(ids);
      await logOperation(db, request, OP_DELETE, `批量删除租户，编号： ${ids.join(',')}`);
      return okMessage('批量删除成功!');
    },
  );
}
