import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate, requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { failure, forbidden, ok } from '../../core/envelope';
import type { Session } from '../../core/tokens';
import type { Db } from '../../db/types';
import { anyText, objectSchema, querySchema, text } from '../../core/schemas';
import { FILE_TYPES } from './file-types';
import { FileUrlSigner } from './signed-urls';
import { findUpload, isStoredPathShape, PUBLIC_IMAGE_FOLDERS, readUpload, type SysUploadFileTable } from './storage';

export const FILE_NOT_FOUND_MESSAGE = '文件不存在';

/** A finer rule for the files of one biz folder (e.g. a company reaches only its own materials). */
export type FileAccessRule = (ctx: { db: Db; session: Session; file: SysUploadFileTable }) => boolean | Promise<boolean>;

const accessRules = new Map<string, FileAccessRule>();

/** Other modules call this once at start-up; without a rule any signed-in user may download a private file. */
export function registerFileAccessRule(biz: string, rule: FileAccessRule): void {
  accessRules.set(biz, rule);
}

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const notFound = (reply: FastifyReply) => reply.code(404).send(failure(FILE_NOT_FOUND_MESSAGE, 404));

async function mayRead(db: Db, session: Session, file: SysUploadFileTable): Promise<boolean> {
  const rule = accessRules.get(file.biz);
  return !rule || (await rule({ db, session, file }));
}

interface StaticQuery {
  exp?: string;
  sig?: string;
}

/** the stored path (its shape checked by the handler) and the expiry and signature of a signed link */
const STATIC_INPUT = {
  params: querySchema({ '*': anyText('文件路径') }),
  querystring: querySchema({ exp: anyText('链接有效期'), sig: anyText('链接签名') }),
};

/**
 * GET /sys/common/static/<biz>/<yyyyMMdd>/<generated name>: the request path is only a key into
 * sys_upload_file; the file is located from the row's server-generated columns. Images of the public
 * folders need no sign-in; everything else needs the X-Access-Token header or a signed address
 * from GET /sys/common/fileUrls.
 */
export function staticRoutes(api: FastifyInstance, { db, config, tokens }: AppDeps): void {
  let signer: Promise<FileUrlSigner> | null = null;
  const getSigner = () => (signer ??= FileUrlSigner.create(db, config.tokenSecret));

  api.get<{ Params: { '*': string }; Querystring: StaticQuery }>(
    '/sys/common/static/*',
    { config: { public: true }, schema: STATIC_INPUT },
    async (request, reply) => {
      const path = request.params['*'] ?? '';
      if (!isStoredPathShape(path)) return notFound(reply);
      const { exp, sig } = request.query;
      const signed = !!exp && !!sig && (await getSigner()).verify(path, exp, sig);
      const folder = path.slice(0, path.indexOf('/'));
      let session: Session | null = null;
      if (!signed && !PUBLIC_IMAGE_FOLDERS.has(folder)) session = await authenticate(request, tokens);
      const row = await findUpload(db, path);
      const type = row ? FILE_TYPES[row.file_ext] : undefined;
      if (!row || !type) return notFound(reply);
      if (!signed && !session && !type.image) session = await authenticate(request, tokens);
      if (session && !(await mayRead(db, session, row))) throw forbidden();

      const content = await readUpload(db, config.dataDir, row);
      if (!content) return notFound(reply);
      reply
        .header('Content-Type', type.contentType)
        .header('Content-Length', String(content.length))
        .header('Content-Disposition', contentDisposition(type.inline ? 'inline' : 'attachment', row.file_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', session || signed ? 'private, no-store' : 'public, max-age=86400');
      return reply.send(content);
    },
  );

  api.get<{ Querystring: { paths?: string } }>(
    '/sys/common/fileUrls',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ paths: text('文件路径', 4000) }) },
    },
    async (request) => {
      const session = requireSession(request);
      const paths = (request.query.paths ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(isStoredPathShape)
        .slice(0, 50);
      const urls: Array<{ filePath: string; url: string; expireTime: number }> = [];
      for (const path of paths) {
        const row = await findUpload(db, path);
        if (!row || !(await mayRead(db, session, row))) continue;
        const { exp, sig } = (await getSigner()).sign(path);
        urls.push({ filePath: path, url: `${config.apiBase}/sys/common/static/${encodeURI(path)}?exp=${exp}&sig=${sig}`, expireTime: exp });
      }
      return ok(urls);
    },
  );

  api.get<{ Querystring: { paths?: string } }>(
    '/sys/common/fileInfo',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ paths: text('文件路径', 4000) }) },
    },
    async (request) => {
      requireSession(request);
      const paths = (request.query.paths ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(isStoredPathShape)
        .slice(0, 50);
      if (paths.length === 0) return ok([]);
      const rows = await db
        .selectFrom('sys_upload_file')
        .select(['file_path', 'file_name', 'file_size'])
        .where('file_path', 'in', paths)
        .execute();
      const byPath = new Map(rows.map((r) => [r.file_path, r]));
      return ok(
        paths.flatMap((p) => {
          const r = byPath.get(p);
          return r ? [{ fileName: r.file_name, filePath: r.file_path, fileSize: r.file_size }] : [];
        }),
      );
    },
  );
}
