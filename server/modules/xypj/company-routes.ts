import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import type { WriteContext } from '../entity/policies';
import { callerOf } from './caller';
import { checkEvidenceFiles } from './evidence';
import { recordWithSubTables, requireRecord, requiredText } from './records';
import { ID_BODY, idReasonBody, type IdReasonBody } from './request-schemas';

export const COMPANY_STATUS_TEXT: Record<string, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回', frozen: '已冻结' };

interface Move {
  path: string;
  from: readonly string[];
  to: string;
  /** sys_user.status of the company's login account after the move (1 normal, 2 frozen); undefined leaves it */
  account?: 1 | 2;
  done: string;
  needsReason?: boolean;
}

const MOVES: Move[] = [
  { path: 'approve', from: ['pending', 'rejected'], to: 'approved', account: 1, done: '审核通过，企业账号已启用' },
  { path: 'reject', from: ['pending'], to: 'rejected', account: 2, done: '已驳回', needsReason: true },
  { path: 'freeze', from: ['approved'], to: 'frozen', account: 2, done: '已冻结，企业账号已停用' },
  { path: 'unfreeze', from: ['frozen'], to: 'approved', account: 1, done: '已解冻，企业账号已启用' },
];

const ACTION_TEXT: Record<string, string> = { approve: '审核通过', reject: '驳回', freeze: '冻结', unfreeze: '解冻' };

/** Staff edits never change the state or the login account: those move through the buttons above. */
export async function companyBeforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'delete') {
    const row = await requireRecord(ctx.db, 'xypj_company', ctx.id);
    if (row.userId) throw businessError('该企业已关联登录账号，不能删除，可以冻结');
    return;
  }
  for (const p of ['status', 'rejectReason', 'userId', 'username']) delete ctx.body[p];
  checkEvidenceFiles(ctx.body);
}

/** POST /xypj/company/{approve,reject,freeze,unfreeze} (xypj:company:approve) and GET /xypj/company/mine. */
export function companyRoutes(api: FastifyInstance, { db, tokens }: AppDeps): void {
  for (const move of MOVES) {
    const schema = move.needsReason ? idReasonBody('驳回原因') : ID_BODY;
    api.post<{ Body: IdReasonBody }>(
      `/xypj/company/${move.path}`,
      { config: { permission: 'xypj:company:approve' }, schema },
      async (request) => {
        const { user } = requireSession(request);
        const company = await requireRecord(db, 'xypj_company', request.body.id);
        const reason = move.needsReason ? requiredText(request.body, 'reason', '驳回原因', 500) : null;
        const status = String(company.status);
        if (!move.from.includes(status)) {
          throw businessError(`${COMPANY_STATUS_TEXT[status] ?? status}的企业不能${ACTION_TEXT[move.path]}`);
        }
        await db.transaction().execute(async (tx) => {
          await sql`update xypj_company set status = ${move.to}, reject_reason = ${reason}, update_by = ${user.username}, update_time = ${new Date()}
          where id = ${String(company.id)}`.execute(tx);
          if (move.account !== undefined && company.userId) await setAccountStatus(tx, String(company.userId), move.account);
        });
        if (move.account === 2 && company.userId) await tokens.revokeAllOfUser(String(company.userId));
        return okMessage(move.done);
      },
    );
  }

  api.get('/xypj/company/mine', { config: { authenticated: true } }, async (request) => {
    const caller = await callerOf(request, db);
    if (caller.kind !== 'company' || !caller.companyId) throw businessError('当前账号未关联企业');
    return ok(await recordWithSubTables(db, 'xypj_company', caller.companyId));
  });
}

async function setAccountStatus(db: Db, userId: string, status: 1 | 2): Promise<void> {
  await db.updateTable('sys_user').set({ status, update_time: new Date() }).where('id', '=', userId).execute();
}
