import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { sanitizeStoredHtml } from '../../core/rich-text';
import type { Db } from '../../db/types';
import { registerEntityPolicy, type RowScope, type WriteContext } from '../entity/policies';
import { callerOf } from './caller';
import { requireRecord } from './records';
import { ID_BODY, type IdBody } from './request-schemas';

/** News and related files: the office writes and publishes them; everyone signed in reads the published ones. */
const PUBLISHED_RECORDS = [
  { table: 'xypj_news', path: '/xypj/news', label: '新闻' },
  { table: 'xypj_related_file', path: '/xypj/relatedFile', label: '文件' },
] as const;

export const PUBLISHED = '1';
const UNPUBLISHED = '2';

function publishedOnly(db: Db, label: string) {
  return async (request: Parameters<typeof callerOf>[0]): Promise<RowScope | null> => {
    const caller = await callerOf(request, db);
    if (caller.kind === 'staff') return null;
    return { where: sql<boolean>`state = ${PUBLISHED}`, owned: {}, refusal: `只能查看已发布的${label}` };
  };
}

/** State and publish time move only through 发布 / 撤回; stored HTML is sanitised whatever the editor sent. */
async function beforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'delete') return;
  delete ctx.body.state;
  delete ctx.body.publishTime;
  if (typeof ctx.body.content === 'string') ctx.body.content = await sanitizeStoredHtml(ctx.body.content);
}

export function registerPublishingPolicies(db: Db): void {
  for (const record of PUBLISHED_RECORDS) registerEntityPolicy(record.table, { scope: publishedOnly(db, record.label), beforeWrite });
}

/** POST {base}/publish and {base}/unpublish `{id}` (permission `{prefix}:publish`). */
export function publishingRoutes(api: FastifyInstance, { db }: AppDeps): void {
  for (const record of PUBLISHED_RECORDS) {
    const permission = `${record.path.slice(1).replace('/', ':')}:publish`;
    api.post<{ Body: IdBody }>(`${record.path}/publish`, { config: { permission }, schema: ID_BODY }, async (request) => {
      const { user } = requireSession(request);
      const row = await requireRecord(db, record.table, request.body.id);
      if (row.state === PUBLISHED) throw businessError(`该${record.label}已发布`);
      await sql`update ${sql.table(record.table)} set state = ${PUBLISHED}, publish_time = ${new Date()}, update_by = ${user.username},
        update_time = ${new Date()} where id = ${String(row.id)}`.execute(db);
      return okMessage('发布成功');
    });
    api.post<{ Body: IdBody }>(`${record.path}/unpublish`, { config: { permission }, schema: ID_BODY }, async (request) => {
      const { user } = requireSession(request);
      const row = await requireRecord(db, record.table, request.body.id);
      if (row.state !== PUBLISHED) throw businessError(`该${record.label}未发布，不能撤回`);
      await sql`update ${sql.table(record.table)} set state = ${UNPUBLISHED}, update_by = ${user.username}, update_time = ${new Date()}
        where id = ${String(row.id)}`.execute(db);
      return okMessage('已撤回');
    });
  }
}
