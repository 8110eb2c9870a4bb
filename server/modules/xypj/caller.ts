import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireGrants, requireSession } from '../../core/access-control';
import type { Db } from '../../db/types';

/** Who is calling, as the evaluation business sees it. */
export type Caller =
  | { kind: 'staff' }
  | { kind: 'company'; userId: string; companyId: string | null }
  | { kind: 'expert'; userId: string; expertId: string | null };

const STAFF_ROLES = ['admin', 'xypj_staff'];
const callers = new WeakMap<FastifyRequest, Caller>();

async function ownedId(db: Db, table: 'xypj_company' | 'xypj_expert', userId: string): Promise<string | null> {
  const res = await sql<{
    id: string;
  }>`select id from ${sql.table(table)} where user_id = ${userId} order by create_time asc limit 1`.execute(db);
  return res.rows[0]?.id ?? null;
}

/**
 * Administrators and office staff reach every row; a company user its own company, an expert
 * user their own expert record. Anyone else holding a permission by other means counts as staff
 * (the permission itself was granted by an administrator). Cached on the request.
 */
export async function callerOf(request: FastifyRequest, db: Db): Promise<Caller> {
  const cached = callers.get(request);
  if (cached) return cached;
  const { user } = requireSession(request);
  const grants = await requireGrants(request, db);
  let caller: Caller;
  if (grants.isAdmin || grants.roleCodes.some((r) => STAFF_ROLES.includes(r))) caller = { kind: 'staff' };
  else if (grants.roleCodes.includes('xypj_company'))
    caller = { kind: 'company', userId: user.id, companyId: await ownedId(db, 'xypj_company', user.id) };
  else if (grants.roleCodes.includes('xypj_expert'))
    caller = { kind: 'expert', userId: user.id, expertId: await ownedId(db, 'xypj_expert', user.id) };
  else caller = { kind: 'staff' };
  callers.set(request, caller);
  return caller;
}

/** Today's date (yyyy-MM-dd) on the office's clock (GMT+8). */
export function officeToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}
