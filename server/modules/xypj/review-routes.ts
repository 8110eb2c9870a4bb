import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { selectList, toRecord } from '../entity/list-query';
import { APPLICATION_STATE_TEXT } from '../../../contract/xypj-states';
import { definitionOf, findRecord, requireRecord, requiredText } from './records';
import { reviewFigures } from './review-figures';
import { withdrawApplication } from './withdrawal';
import { batchClosedForReview, reviewApplication } from './results';
import { ID_BODY, ID_QUERY, idReasonBody, type IdBody, type IdReasonBody } from './request-schemas';

/**
 * POST /xypj/application/review {id} (复核), GET /xypj/application/scores?id= (each expert's sheet side by
 * side, and what 确认复核 will write) and POST /xypj/application/withdraw {id, reason} (撤回). Staff.
 */
export function reviewRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const permission = 'xypj:application:review';

  api.post<{ Body: IdBody }>('/xypj/application/review', { config: { permission }, schema: ID_BODY }, async (request) => {
    const { user } = requireSession(request);
    const app = await requireRecord(db, 'xypj_application', request.body.id);
    const state = String(app.state);
    if (state !== 'scored')
      throw businessError(`只有专家评分全部提交的申报可以复核，该申报是「${APPLICATION_STATE_TEXT[state] ?? state}」状态`);
    const result = await db.transaction().execute((tx) => reviewApplication(tx, String(app.id), user.username));
    return ok(result, `复核完成：最终得分${result.finalScore}分，信用等级${result.grade}`);
  });

  api.get<{ Querystring: { id?: string } }>('/xypj/application/scores', { config: { permission }, schema: ID_QUERY }, async (request) => {
    const app = await requireRecord(db, 'xypj_application', request.query.id);
    const batch = await requireRecord(db, 'xypj_batch', app.batchId);
    const reviewClosed = batchClosedForReview(batch);
    const sheetDef = definitionOf('xypj_score_sheet');
    const itemDef = definitionOf('xypj_score_item');
    const sheets = await sql<
      Record<string, unknown>
    >`select ${selectList(sheetDef.fields)} from xypj_score_sheet where application_id = ${String(app.id)} order by create_time asc, id asc`.execute(
      db,
    );
    const ids = sheets.rows.map((s) => String(s.id));
    const items = ids.length
      ? (
          await sql<
            Record<string, unknown>
          >`select ${selectList(itemDef.fields)} from xypj_score_item where sheet_id in (${sql.join(ids)}) order by order_num asc nulls last, id asc`.execute(
            db,
          )
        ).rows.map(toRecord)
      : [];
    const resultRow = await sql<{ id: string }>`select id from xypj_result where application_id = ${String(app.id)}`.execute(db);
    const result = resultRow.rows[0] ? await findRecord(db, 'xypj_result', resultRow.rows[0].id) : null;
    return ok({
      application: { id: app.id, companyName: app.companyName, creditCode: app.creditCode, state: app.state, batchId: app.batchId },
      // an expert's scores reach the office once the sheet is submitted; drafts stay the expert's
      sheets: sheets.rows.map(toRecord).map((s) => {
        const own = items.filter((i) => i.sheetId === s.id);
        if (s.state === 'submitted') return { ...s, items: own };
        return { ...s, total: null, items: own.map((i) => ({ ...i, score: null, comment: null })) };
      }),
      result,
      // what 确认复核 will write, shown before the office confirms
      preview: app.state === 'scored' && !reviewClosed ? await reviewFigures(db, app, batch).catch(() => null) : null,
      // set once the batch is in publicity or later: no 复核 or 退回 any more
      reviewClosed,
    });
  });

  api.post<{ Body: IdReasonBody }>(
    '/xypj/application/withdraw',
    { config: { permission }, schema: idReasonBody('撤回原因') },
    async (request) => {
      const { user } = requireSession(request);
      const app = await requireRecord(db, 'xypj_application', request.body.id);
      const reason = requiredText(request.body, 'reason', '撤回原因', 500);
      await db.transaction().execute((tx) => withdrawApplication(tx, app, reason, user.username));
      return okMessage(`已撤回${String(app.companyName ?? '')}的申报`);
    },
  );
}
