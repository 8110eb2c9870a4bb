import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { WriteContext } from '../entity/policies';
import { notifyObjectionAnswered } from './notify-events';

/** Work to do once a request has answered success (its writes are committed by then). */
const afterSuccess = new WeakMap<FastifyRequest, Array<() => Promise<void>>>();

function whenSucceeded(request: FastifyRequest, work: () => Promise<void>): void {
  const list = afterSuccess.get(request) ?? [];
  list.push(work);
  afterSuccess.set(request, list);
}

/** Runs the queued work of a request whose answer says success, after the answer is on its way. */
export function installAfterSuccess(api: FastifyInstance): void {
  api.addHook('onSend', async (request, _reply, payload) => {
    const work = afterSuccess.get(request);
    if (work && typeof payload === 'string' && /^\{"success":true/.test(payload)) {
      afterSuccess.delete(request);
      setImmediate(() => {
        for (const w of work) void w();
      });
    }
    return payload;
  });
}

/**
 * The entity engine saves 异议; an edit that gives one a new answer tells the company named on it (matched by
 * name or credit code) once the save has succeeded.
 */
export function withObjectionNotice(check: (ctx: WriteContext) => Promise<void>): (ctx: WriteContext) => Promise<void> {
  return async (ctx) => {
    const before = ctx.id
      ? (await sql<{ answer: string | null }>`select answer from xypj_objection where id = ${ctx.id}`.execute(ctx.db)).rows[0]
      : undefined;
    await check(ctx);
    const answer = typeof ctx.body.answer === 'string' ? ctx.body.answer.trim() : '';
    if (ctx.mode === 'delete' || !answer || answer === (before?.answer ?? '').trim()) return;
    const id = ctx.id;
    whenSucceeded(ctx.request, async () => {
      const res = await sql<{
        companyId: string;
        companyName: string;
        batchName: string;
      }>`select c.id as "companyId", c.name as "companyName",
          coalesce(b.name, '') as "batchName" from xypj_objection o join xypj_company c on c.name = o.company_name or c.credit_code = o.company_name
          left join xypj_batch b on b.id = o.batch_id where ${id ? sql`o.id = ${id}` : sql`o.answer = ${answer} and o.company_name = ${String(ctx.body.companyName ?? '')}`}
        order by o.create_time desc limit 1`.execute(ctx.request.server.deps.db);
      const row = res.rows[0];
      if (row)
        await notifyObjectionAnswered(ctx.request, row.companyId, { companyName: row.companyName, batchName: row.batchName, answer });
    });
  };
}
