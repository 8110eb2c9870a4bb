import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { auditInsert, auditUpdate, jsonRows, likeContains, optionalText, requireId } from './common';
import { validateRule } from './data-rules';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';

interface RuleBody {
  id?: string;
  permissionId?: string;
  ruleName?: string;
  ruleColumn?: string;
  ruleConditions?: string;
  ruleValue?: string;
  status?: string;
}

const RULE_BODY = {
  ...objectSchema({
    id: text('规则ID', 36),
    permissionId: text('菜单ID', 36),
    ruleName: text('规则名称', 50),
    ruleColumn: text('规则字段', 50),
    ruleConditions: text('条件规则', 50),
    ruleValue: text('规则值', 300),
    status: text('状态', 3),
  }),
  additionalProperties: false,
};

function ruleValues(body: RuleBody) {
  const ruleName = optionalText(body.ruleName);
  if (!ruleName) throw businessError('请输入规则名称!');
  const ruleConditions = optionalText(body.ruleConditions);
  if (!ruleConditions) throw businessError('请选择条件!');
  const ruleValue = optionalText(body.ruleValue);
  if (!ruleValue) throw businessError('请输入规则值!');
  const ruleColumn = optionalText(body.ruleColumn);
  const condition = validateRule({ ruleConditions, ruleValue, ruleColumn });
  const status = optionalText(body.status) ?? '1';
  if (!['0', '1'].includes(status)) throw businessError('状态取值不正确');
  return { rule_name: ruleName, rule_column: ruleColumn, rule_conditions: condition, rule_value: ruleValue, status };
}

async function syncRuleFlag(db: Db, permissionId: string): Promise<void> {
  const any = await db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).executeTakeFirst();
  await db
    .updateTable('sys_permission')
    .set({ rule_flag: any ? 1 : 0 })
    .where('id', '=', permissionId)
    .execute();
}

/** Data rules per menu (PermissionDataRuleList); USE_SQL_RULES and unknown variables are refused at save. */
export function permissionRuleRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const listRules = async (query: { permissionId?: string; ruleName?: string; ruleValue?: string }) => {
    const permissionId = requireId(query.permissionId, '菜单ID');
    let q = db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId);
    const name = optionalText(query.ruleName);
    if (name) q = q.where(likeContains('rule_name', name.replace(/^\*|\*$/g, '')));
    const value = optionalText(query.ruleValue);
    if (value) q = q.where(likeContains('rule_value', value.replace(/^\*|\*$/g, '')));
    return ok(jsonRows(await q.orderBy('create_time').orderBy('id').execute()));
  };
  const listSchema = {
    querystring: objectSchema({
      permissionId: text('菜单ID', 36),
      ruleName: text('规则名称', 50),
      ruleValue: text('规则值', 300),
      _t: text('时间戳', 20),
    }),
  };

  api.get<{ Querystring: { permissionId?: string } }>(
    '/sys/permission/getPermRuleListByPermId',
    { config: { permission: ['menu:datarule', 'role:auth'] }, schema: listSchema },
    async (request) => listRules(request.query),
  );
  api.get<{ Querystring: { permissionId?: string } }>(
    '/sys/permission/queryPermissionRule',
    { config: { permission: ['menu:datarule', 'role:auth'] }, schema: listSchema },
    async (request) => listRules(request.query),
  );

  api.post<{ Body: RuleBody }>(
    '/sys/permission/addPermissionRule',
    { config: { permission: 'menu:datarule' }, schema: { body: RULE_BODY } },
    async (request) => {
      const { user } = requireSession(request);
      const permissionId = requireId(request.body.permissionId, '菜单ID');
      const menu = await db
        .selectFrom('sys_permission')
        .select('id')
        .where('id', '=', permissionId)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!menu) throw businessError('未找到菜单信息');
      const values = ruleValues(request.body);
      await db
        .insertInto('sys_permission_data_rule')
        .values({ id: newId(), permission_id: permissionId, ...values, ...auditInsert(user.username) })
        .execute();
      await syncRuleFlag(db, permissionId);
      await logOperation(db, request, OP_ADD, `添加数据规则，名称： ${values.rule_name}`);
      return okMessage('添加成功!');
    },
  );

  api.route<{ Body: RuleBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { permission: 'menu:datarule' },
    schema: { body: RULE_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '规则ID');
      const existing = await db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'permission_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      const values = ruleValues(request.body);
      await db
        .updateTable('sys_permission_data_rule')
        .set({ ...values, ...auditUpdate(user.username) })
        .where('id', '=', id)
        .execute();
      await logOperation(db, request, OP_EDIT, `编辑数据规则，名称： ${values.rule_name}`);
      return okMessage('编辑成功!');
    },
  });

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/permission/deletePermissionRule',
    { config: { permission: 'menu:datarule' }, schema: { querystring: objectSchema({ id: text('规则ID', 36) }) } },
    async (request) => {
      const id = requireId(request.query.id, '规则ID');
      const existing = await db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'permission_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      await db.deleteFrom('sys_permission_data_rule').where('id', '=', id).execute();
      await syncRuleFlag(db, existing.permission_id);
      await logOperation(db, request, OP_DELETE, `删除数据规则，id： ${id}`);
      return okMessage('删除成功!');
    },
  );
}
