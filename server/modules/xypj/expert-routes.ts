import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { WriteContext } from '../entity/policies';
import { callerOf } from './caller';
import { recordWithSubTables, requireRecord } from './records';
import { MATERIAL_CHECK_BODY } from './request-schemas';

const CHECK_STATES: Record<string, string> = { '0': '待审核', '1': '已通过', '2': '未通过' };

/** An expert saving their own profile with its materials cannot set the materials' check state. */
export async function expertBeforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'delete') {
    const row = await requireRecord(ctx.db, 'xypj_expert', ctx.id);
    if (row.userId) throw businessError('该专家已关联登录账号，不能删除，可以停用');
    return;
  }
  if ((await callerOf(ctx.request, ctx.db)).kind === 'staff') return;
  const rows = ctx.body.materialList;
  if (!Array.isArray(rows)) return;
  ctx.body.materialList = rows.map((row: unknown) => {
    if (row === null || typeof row !== 'object') return row;
    const { checkState: _state, checkRemark: _remark, ...rest } = row as Record<string, unknown>;
    return rest;
  });
}

/** POST /xypj/expertMaterial/check {id, checkState, checkRemark}: staff set a material's check state; GET /xypj/expert/mine. */
export function expertRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/xypj/expert/mine', { config: { authenticated: true } }, async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind !== 'expert' || !caller.expertId) throw businessError('当前账号未关联专家');
    return ok(await recordWithSubTables(db, 'xypj_expert', caller.expertId));
  });

  api.post<{ Body: { id?: string; checkState?: string; checkRemark?: string } }>(
    '/xypj/expertMaterial/check',
    { config: { permission: 'xypj:expertMaterial:check' }, schema: MATERIAL_CHECK_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const body = request.body;
      const row = await requireRecord(db, 'xypj_expert_material', body.id);
      const state = typeof body.checkState === 'string' ? body.checkState : '';
      if (!CHECK_STATES[state]) throw businessError('审核状态只能是待审核、已通过、未通过');
      const remark = typeof body.checkRemark === 'string' ? body.checkRemark.trim().slice(0, 200) : '';
      if (state === '2' && !remark) throw businessError('请填写审核意见');
      await sql`update xypj_expert_material set check_state = ${state}, check_remark = ${remark || null}, update_by = ${user.username}, update_time = ${new Date()}
      where id = ${String(row.id)}`.execute(db);
      return okMessage(`已设为${CHECK_STATES[state]}`);
    },
  );
}
