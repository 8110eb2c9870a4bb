import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../../core/access-control';
import { businessError, ok, okMessage } from '../../../core/envelope';
import { newId } from '../../../core/ids';
import { toJsonRow } from '../../../core/json';
import type { Db } from '../../../db/types';
import { withTransaction } from '../../../db/transaction';
import { idList, requireId } from '../../admin/common';
import { knownVariables, normaliseCondition } from '../../admin/data-rules';
import { DESIGN_PERMISSION, loadHead } from './forms';

const CFG = { config: { permission: DESIGN_PERMISSION } };

/** Buttons of every form list that authorisation can control (type 2 codes besides the form's own buttons). */
export const STANDARD_BUTTONS: ReadonlyArray<readonly [code: string, title: string]> = [
  ['add', '新增'],
  ['update', '编辑'],
  ['delete', '删除'],
  ['batch_delete', '批量删除'],
  ['import', '导入'],
  ['export', '导出'],
  ['detail', '详情'],
];

/** Relation types: 1 column, 2 button, 3 data rule. */
const RELATION_TYPE: Record<string, number> = { roleColumnAuth: 1, roleButtonAuth: 2, roleDataAuth: 3 };

const who = (request: FastifyRequest) => requireSession(request).user.username;

/** The controllable items of a form (type 1 fields, type 2 buttons), creating missing rows as "not controlled". */
async function authPages(db: Db, formId: string, type: 1 | 2, username: string) {
  return withTransaction(db, async (trx) => {
    // two first reads at once must not both create the rows
    await sql`select pg_advisory_xact_lock(hashtext(${`onl_auth_page:${formId}`}))`.execute(trx);
    return authPagesLocked(trx, formId, type, username);
  });
}

async function authPagesLocked(db: Db, formId: string, type: 1 | 2, username: string) {
  await loadHead(db, formId);
  const items: Array<{ code: string; title: string }> = [];
  if (type === 1) {
    const fields = await db
      .selectFrom('onl_cgform_field')
      .select(['db_field_name', 'db_field_txt'])
      .where('cgform_head_id', '=', formId)
      .orderBy('order_num')
      .execute();
    for (const f of fields) if (f.db_field_name !== 'id') items.push({ code: f.db_field_name, title: f.db_field_txt ?? f.db_field_name });
  } else {
    for (const [code, title] of STANDARD_BUTTONS) items.push({ code, title });
    const buttons = await db
      .selectFrom('onl_cgform_button')
      .select(['button_code', 'button_name'])
      .where('cgform_head_id', '=', formId)
      .orderBy('order_num')
      .execute();
    for (const b of buttons) items.push({ code: b.button_code, title: b.button_name });
  }
  const rows = await db.selectFrom('onl_auth_page').selectAll().where('cgform_id', '=', formId).where('type', '=', type).execute();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const out = [];
  for (const item of items) {
    let row = byCode.get(item.code);
    if (!row) {
      const values = {
        id: newId(),
        cgform_id: formId,
        code: item.code,
        type,
        control: 5,
        status: 0,
        create_by: username,
        create_time: new Date(),
        update_by: null,
        update_time: null,
      };
      await db.insertInto('onl_auth_page').values(values).execute();
      row = values;
    }
    out.push({ ...toJsonRow(row), title: item.title });
  }
  return out;
}

interface SwitchBody {
  id?: string;
  cgformId?: string;
  code?: string;
  status?: number | string;
  switchFlag?: number | string;
}

async function switchAuth(db: Db, type: 1 | 2, body: SwitchBody, username: string): Promise<void> {
  const statusRaw = body.status ?? body.switchFlag;
  const status = statusRaw === 1 || statusRaw === '1' ? 1 : statusRaw === 0 || statusRaw === '0' ? 0 : null;
  if (status === null) throw businessError('状态只能是 1（受控）或 0（不受控）');
  let query = db.selectFrom('onl_auth_page').select('id').where('type', '=', type);
  if (body.id) query = query.where('id', '=', requireId(body.id, '权限ID'));
  else query = query.where('cgform_id', '=', requireId(body.cgformId, '表单ID')).where('code', '=', String(body.code ?? ''));
  const row = await query.executeTakeFirst();
  if (!row) throw businessError('权限项不存在，请刷新后重试');
  await db.updateTable('onl_auth_page').set({ status, update_by: username, update_time: new Date() }).where('id', '=', row.id).execute();
}

interface DataRuleBody {
  id?: string;
  cgformId?: string;
  ruleName?: string;
  ruleColumn?: string;
  ruleOperator?: string;
  ruleValue?: string;
  status?: number | string;
}

async function checkDataRule(db: Db, formId: string, body: DataRuleBody) {
  const ruleName = String(body.ruleName ?? '').trim();
  if (!ruleName) throw businessError('请输入规则名称');
  if (ruleName.length > 50) throw businessError('规则名称不能超过50个字符');
  const column = String(body.ruleColumn ?? '').trim();
  const field = column
    ? await db
        .selectFrom('onl_cgform_field')
        .select('id')
        .where('cgform_head_id', '=', formId)
        .where('db_field_name', '=', column)
        .executeTakeFirst()
    : undefined;
  if (!field) throw businessError(`规则字段“${column}”不是本表单的字段`);
  const operatorRaw = String(body.ruleOperator ?? '').trim();
  if (/^use_sql_rules$/i.test(operatorRaw)) throw businessError('不支持自定义SQL规则');
  const operator = normaliseCondition(operatorRaw);
  if (!operator) throw businessError('请选择条件规则');
  const value = String(body.ruleValue ?? '').trim();
  if (!value) throw businessError('请输入规则值');
  if (value.length > 255) throw businessError('规则值不能超过255个字符');
  if (!knownVariables(value)) throw businessError('规则值中的系统变量不存在');
  const status = body.status === 0 || body.status === '0' ? 0 : 1;
  return { rule_name: ruleName, rule_column: column, rule_operator: operator, rule_value: value, status };
}

/** Roles, and the form's controlled columns and buttons switched on or off. */
function mountAuthPageRoutes(api: FastifyInstance, db: Db): void {
  api.get('/online/cgform/api/roles', CFG, async () => {
    const roles = await db.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).orderBy('role_code').execute();
    return ok(roles.map((r) => toJsonRow(r)));
  });

  api.get<{ Params: { cgformId: string; type: string } }>('/online/cgform/api/authPage/:cgformId/:type', CFG, async (request) => {
    const type = request.params.type === '1' ? 1 : request.params.type === '2' ? 2 : null;
    if (!type) throw businessError('类型只能是 1（字段）或 2（按钮）');
    return ok(await authPages(db, requireId(request.params.cgformId, '表单ID'), type, who(request)));
  });
  for (const [path, type] of [
    ['authColumn', 1],
    ['authButton', 2],
  ] as const) {
    const handler = async (request: FastifyRequest<{ Body: SwitchBody }>) => {
      await switchAuth(db, type, request.body ?? {}, who(request));
      return okMessage('操作成功');
    };
    api.put<{ Body: SwitchBody }>(`/online/cgform/api/${path}`, CFG, handler);
    api.post<{ Body: SwitchBody }>(`/online/cgform/api/${path}`, CFG, handler);
  }
}

/** The form's data rules: listed, added, edited, deleted (with their role links). */
function mountDataRuleRoutes(api: FastifyInstance, db: Db): void {
  api.get<{ Params: { cgformId: string } }>('/online/cgform/api/authData/:cgformId', CFG, async (request) => {
    const id = requireId(request.params.cgformId, '表单ID');
    await loadHead(db, id);
    const rows = await db.selectFrom('onl_auth_data').selectAll().where('cgform_id', '=', id).orderBy('create_time').execute();
    return ok(rows.map((r) => toJsonRow(r)));
  });
  api.post<{ Body: DataRuleBody }>('/online/cgform/api/authData', CFG, async (request) => {
    const formId = requireId(request.body?.cgformId, '表单ID');
    await loadHead(db, formId);
    const values = await checkDataRule(db, formId, request.body);
    const id = newId();
    await db
      .insertInto('onl_auth_data')
      .values({ id, cgform_id: formId, ...values, create_by: who(request), create_time: new Date(), update_by: null, update_time: null })
      .execute();
    return ok(id, '添加成功！');
  });
  api.put<{ Body: DataRuleBody }>('/online/cgform/api/authData', CFG, async (request) => {
    const id = requireId(request.body?.id, '规则ID');
    const row = await db.selectFrom('onl_auth_data').select('cgform_id').where('id', '=', id).executeTakeFirst();
    if (!row) throw businessError('数据规则不存在');
    const values = await checkDataRule(db, row.cgform_id, request.body);
    await db
      .updateTable('onl_auth_data')
      .set({ ...values, update_by: who(request), update_time: new Date() })
      .where('id', '=', id)
      .execute();
    return okMessage('编辑成功!');
  });
  api.delete<{ Params: { id: string } }>('/online/cgform/api/authData/:id', CFG, async (request) => {
    const id = requireId(request.params.id, '规则ID');
    await withTransaction(db, async (trx) => {
      await trx.deleteFrom('onl_auth_relation').where('auth_id', '=', id).where('type', '=', 3).execute();
      await trx.deleteFrom('onl_auth_data').where('id', '=', id).execute();
    });
    return okMessage('删除成功!');
  });
}

/** Replaces what one role is given of one form (columns, buttons or data rules), checking each item belongs to the form. */
async function saveRoleAuth(db: Db, roleId: string, formId: string, type: number, ids: string[], username: string): Promise<void> {
  await loadHead(db, formId);
  if (!(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst())) throw businessError('角色不存在');
  if (ids.length) {
    const known =
      type === 3
        ? await db.selectFrom('onl_auth_data').select('id').where('cgform_id', '=', formId).where('id', 'in', ids).execute()
        : await db
            .selectFrom('onl_auth_page')
            .select('id')
            .where('cgform_id', '=', formId)
            .where('type', '=', type)
            .where('id', 'in', ids)
            .execute();
    if (known.length !== ids.length) throw businessError('权限项不属于此表单，请刷新后重试');
  }
  await withTransaction(db, async (trx) => {
    await trx
      .deleteFrom('onl_auth_relation')
      .where('role_id', '=', roleId)
      .where('cgform_id', '=', formId)
      .where('type', '=', type)
      .execute();
    for (const authId of ids) {
      await trx
        .insertInto('onl_auth_relation')
        .values({
          id: newId(),
          role_id: roleId,
          auth_id: authId,
          type,
          cgform_id: formId,
          create_by: username,
          create_time: new Date(),
          update_by: null,
          update_time: null,
        })
        .execute();
    }
  });
}

/** What a role is given of a form, read and replaced. */
function mountRoleAuthRoutes(api: FastifyInstance, db: Db): void {
  api.get<{ Querystring: { roleId?: string; cgformId?: string; type?: string } }>('/online/cgform/api/roleAuth', CFG, async (request) => {
    const roleId = requireId(request.query.roleId, '角色ID');
    const formId = requireId(request.query.cgformId, '表单ID');
    const type = Number(request.query.type);
    if (![1, 2, 3].includes(type)) throw businessError('类型只能是 1、2 或 3');
    const rows = await db
      .selectFrom('onl_auth_relation')
      .selectAll()
      .where('role_id', '=', roleId)
      .where('cgform_id', '=', formId)
      .where('type', '=', type)
      .execute();
    return ok(rows.map((r) => toJsonRow(r)));
  });

  for (const [path, type] of Object.entries(RELATION_TYPE)) {
    api.post<{ Params: { roleId: string; cgformId: string }; Body: { authId?: string } }>(
      `/online/cgform/api/${path}/:roleId/:cgformId`,
      CFG,
      async (request) => {
        const roleId = requireId(request.params.roleId, '角色ID');
        const formId = requireId(request.params.cgformId, '表单ID');
        const ids = idList(request.body?.authId ?? '', '权限ID', { required: false });
        await saveRoleAuth(db, roleId, formId, type, ids, who(request));
        return okMessage('授权成功！');
      },
    );
  }
}

export function mountAuthRoutes(api: FastifyInstance, db: Db): void {
  mountAuthPageRoutes(api, db);
  mountDataRuleRoutes(api, db);
  mountRoleAuthRoutes(api, db);
}
