import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../../core/access-control';
import { businessError, ok, okMessage } from '../../../core/envelope';
import { newId } from '../../../core/ids';
import { toJsonRow } from '../../../core/json';
import type { Db } from '../../../db/types';
import { idList, pageParams, pageResult, requireId } from '../../admin/common';
import { findFormAction, formActionList } from '../actions';
import { STANDARD_BUTTONS } from './auth';
import { DESIGN_PERMISSION, loadHead } from './forms';

const CFG = { config: { permission: DESIGN_PERMISSION } };
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

interface ButtonBody {
  id?: string;
  cgformHeadId?: string;
  buttonCode?: string;
  buttonName?: string;
  buttonIcon?: string | null;
  buttonStyle?: string;
  optType?: string;
  optPosition?: string;
  actionName?: string | null;
  exp?: string | null;
  buttonStatus?: string | number;
  orderNum?: number | string;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** A button of a form: an 'action' button names a registered server action; script buttons are not offered. */
function checkButton(b: ButtonBody) {
  const code = s(b.buttonCode);
  if (!CODE.test(code)) throw businessError('按钮编码只能用字母开头，由字母、数字和下划线组成，最长50个字符');
  if (STANDARD_BUTTONS.some(([c]) => c === code)) throw businessError(`按钮编码“${code}”是系统按钮，请换一个`);
  const name = s(b.buttonName);
  if (!name || name.length > 50) throw businessError('请输入按钮名称（最长50个字符）');
  const optType = s(b.optType) || 'action';
  if (optType !== 'action') throw businessError('按钮只能绑定服务器端注册的动作（出于安全考虑，不支持JS增强按钮）');
  const actionName = s(b.actionName);
  if (!actionName || !findFormAction(actionName)) throw businessError(`动作“${actionName}”未在服务器注册，请从列表中选择`);
  const style = s(b.buttonStyle) || 'button';
  if (style !== 'button' && style !== 'link') throw businessError('按钮样式只能是 button 或 link');
  const position = s(b.optPosition) || '2';
  if (position !== '1' && position !== '2') throw businessError('按钮位置只能是 1（侧面）或 2（底部）');
  const icon = s(b.buttonIcon);
  if (icon && !/^[a-z][a-z0-9-]{0,19}$/.test(icon)) throw businessError('按钮图标名称不正确');
  const exp = s(b.exp);
  // a display condition such as `status#eq#1 && type#in#a,b`: data only, never evaluated as code
  if (exp.length > 255 || !/^[A-Za-z0-9_#,.\-&| \u4e00-\u9fa5]*$/.test(exp))
    throw businessError('显示条件只能写成“字段#eq#值”的形式，不能超过255个字符');
  const status = s(b.buttonStatus) || '1';
  if (status !== '0' && status !== '1') throw businessError('按钮状态只能是 0 或 1');
  const order = Number(s(b.orderNum) || 0);
  if (!Number.isInteger(order) || order < 0 || order > 9999) throw businessError('排序必须是0到9999的整数');
  return {
    button_code: code,
    button_name: name,
    button_icon: icon || null,
    button_style: style,
    opt_type: optType,
    opt_position: position,
    action_name: actionName,
    exp: exp || null,
    button_status: status,
    order_num: order,
  };
}

const who = (request: FastifyRequest) => requireSession(request).user.username;

export function mountButtonRoutes(api: FastifyInstance, db: Db): void {
  api.get('/online/cgform/button/actions', CFG, async () => ok(formActionList()));

  api.get<{ Params: { code: string }; Querystring: Record<string, string | undefined> }>(
    '/online/cgform/button/list/:code',
    CFG,
    async (request) => {
      const formId = requireId(request.params.code, '表单ID');
      const page = pageParams(request.query);
      const rows = await db
        .selectFrom('onl_cgform_button')
        .selectAll()
        .where('cgform_head_id', '=', formId)
        .orderBy('order_num')
        .orderBy('button_code')
        .orderBy('id')
        .execute();
      return ok(
        pageResult(
          rows.slice((page.pageNo - 1) * page.pageSize, page.pageNo * page.pageSize).map((r) => toJsonRow(r)),
          rows.length,
          page,
        ),
      );
    },
  );

  api.post<{ Body: ButtonBody }>('/online/cgform/button/add', CFG, async (request) => {
    const formId = requireId(request.body?.cgformHeadId, '表单ID');
    await loadHead(db, formId);
    const values = checkButton(request.body);
    const dup = await db
      .selectFrom('onl_cgform_button')
      .select('id')
      .where('cgform_head_id', '=', formId)
      .where('button_code', '=', values.button_code)
      .executeTakeFirst();
    if (dup) throw businessError(`按钮编码“${values.button_code}”已存在`);
    await db
      .insertInto('onl_cgform_button')
      .values({
        id: newId(),
        cgform_head_id: formId,
        ...values,
        create_by: who(request),
        create_time: new Date(),
        update_by: null,
        update_time: null,
      })
      .execute();
    return okMessage('添加成功！');
  });

  const edit = async (request: FastifyRequest<{ Body: ButtonBody }>) => {
    const id = requireId(request.body?.id, '按钮ID');
    const row = await db.selectFrom('onl_cgform_button').select(['cgform_head_id']).where('id', '=', id).executeTakeFirst();
    if (!row) throw businessError('按钮不存在');
    const values = checkButton(request.body);
    const dup = await db
      .selectFrom('onl_cgform_button')
      .select('id')
      .where('cgform_head_id', '=', row.cgform_head_id)
      .where('button_code', '=', values.button_code)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (dup) throw businessError(`按钮编码“${values.button_code}”已存在`);
    await db
      .updateTable('onl_cgform_button')
      .set({ ...values, update_by: who(request), update_time: new Date() })
      .where('id', '=', id)
      .execute();
    return okMessage('编辑成功!');
  };
  api.put<{ Body: ButtonBody }>('/online/cgform/button/edit', CFG, edit);
  api.post<{ Body: ButtonBody }>('/online/cgform/button/edit', CFG, edit);

  api.delete<{ Querystring: { id?: string } }>('/online/cgform/button/delete', CFG, async (request) => {
    await db.deleteFrom('onl_cgform_button').where('id', '=', requireId(request.query.id, '按钮ID')).execute();
    return okMessage('删除成功!');
  });
  api.delete<{ Querystring: { ids?: string } }>('/online/cgform/button/deleteBatch', CFG, async (request) => {
    await db.deleteFrom('onl_cgform_button').where('id', 'in', idList(request.query.ids, '按钮ID')).execute();
    return okMessage('批量删除成功!');
  });
}
