import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { sanitizeStoredHtml } from '../../core/rich-text';
import { FileUrlSigner } from '../files/signed-urls';
import { isStoredPathShape } from '../files/storage';
import { PUBLISHED } from './publishing-routes';
import { ID_PARAMS } from './request-schemas';

const LATEST = 10;

interface NewsRow {
  id: string;
  title: string;
  category: string;
  categoryText: string | null;
  summary: string | null;
  publishTime: Date | null;
}

const categoryText = (dictCode: string) => sql<string>`(select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
  where d.dict_code = ${dictCode} and i.item_value = category limit 1)`;

/**
 * For the public pages, without sign-in: the latest published news (title, category, summary, time),
 * one published news item with its (sanitised) text, and the published related files with signed
 * download addresses. Nothing unpublished, no author or audit columns.
 */
export function publicNewsRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  let signer: Promise<FileUrlSigner> | null = null;
  const getSigner = () => (signer ??= FileUrlSigner.create(db, config.tokenSecret));

  api.get('/xypj/public/news', { config: { public: true } }, async () => {
    const res =
      await sql<NewsRow>`select id, title, category, ${categoryText('xypj_news_category')} as "categoryText", summary, publish_time as "publishTime"
      from xypj_news where state = ${PUBLISHED} order by publish_time desc nulls last limit ${LATEST}`.execute(db);
    return ok(res.rows);
  });

  api.get<{ Params: { id: string } }>('/xypj/public/news/:id', { config: { public: true }, schema: ID_PARAMS }, async (request) => {
    const res = await sql<
      NewsRow & { content: string }
    >`select id, title, category, ${categoryText('xypj_news_category')} as "categoryText", summary,
      publish_time as "publishTime", content from xypj_news where id = ${request.params.id} and state = ${PUBLISHED}`.execute(db);
    const row = res.rows[0];
    if (!row) throw businessError('未找到该新闻');
    return ok({ ...row, content: await sanitizeStoredHtml(row.content ?? '') });
  });

  api.get('/xypj/public/files', { config: { public: true } }, async () => {
    const res = await sql<{
      id: string;
      title: string;
      categoryText: string | null;
      description: string | null;
      files: string;
      publishTime: Date | null;
    }>`
      select id, title, ${categoryText('xypj_file_category')} as "categoryText", description, files, publish_time as "publishTime"
      from xypj_related_file where state = ${PUBLISHED} order by publish_time desc nulls last limit ${LATEST}`.execute(db);
    const s = await getSigner();
    return ok(
      res.rows.map(({ files, ...row }) => ({
        ...row,
        files: files
          .split(',')
          .map((p) => p.trim())
          .filter(isStoredPathShape)
          .map((path) => {
            const { exp, sig } = s.sign(path);
            return {
              name: path.slice(path.lastIndexOf('/') + 1),
              url: `${config.apiBase}/sys/common/static/${encodeURI(path)}?exp=${exp}&sig=${sig}`,
            };
          }),
      })),
    );
  });
}
