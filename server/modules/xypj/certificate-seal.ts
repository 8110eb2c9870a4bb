import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import { findUpload, isStoredPathShape, readUpload } from '../files/storage';
import type { SealImage } from './certificate-pdf';
import { SEAL_BODY } from './request-schemas';

/** sys_config row holding the stored path of the seal image (an upload in the database). */
export const SEAL_CONFIG_KEY = 'xypj_certificate_seal';
export const SEAL_PERMISSION = 'xypj:certificate:seal';
const SEAL_MAX_BYTES = 2 * 1024 * 1024;
const FORMATS: Record<string, SealImage['format']> = { png: 'png', jpg: 'jpg', jpeg: 'jpg' };
const CONTENT_TYPES: Record<SealImage['format'], string> = { png: 'image/png', jpg: 'image/jpeg' };

async function sealPath(db: Db): Promise<string | null> {
  const row = await db.selectFrom('sys_config').select('config_value').where('config_key', '=', SEAL_CONFIG_KEY).executeTakeFirst();
  return row?.config_value || null;
}

/** The stored seal with its file name, or null when none is set (or its file is gone). */
export async function loadSeal(db: Db, dataDir: string): Promise<(SealImage & { path: string; fileName: string }) | null> {
  const path = await sealPath(db);
  if (!path) return null;
  const file = await findUpload(db, path);
  const format = file ? FORMATS[file.file_ext] : undefined;
  if (!file || !format) return null;
  const bytes = await readUpload(db, dataDir, file);
  return bytes ? { bytes, format, path, fileName: file.file_name } : null;
}

/** Checks that `path` names an uploaded PNG or JPEG of at most 2 MB; returns the message that refuses it, or null. */
async function sealProblem(db: Db, path: string): Promise<string | null> {
  if (!isStoredPathShape(path)) return '印章图片路径不正确，请重新上传';
  const file = await findUpload(db, path);
  if (!file) return '印章图片不存在，请重新上传';
  if (!FORMATS[file.file_ext]) return '印章图片只能是PNG或JPG格式';
  if (Number(file.file_size) > SEAL_MAX_BYTES) return '印章图片不能超过2MB';
  return null;
}

/**
 * GET /xypj/certificate/seal: the current seal ({path, fileName, dataUrl} or null) for the settings dialog;
 * POST /xypj/certificate/seal {path}: sets the seal to an uploaded image (path '' removes it). Both need
 * xypj:certificate:seal. The image is drawn on every certificate PDF made afterwards.
 */
export function certificateSealRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  api.get('/xypj/certificate/seal', { config: { permission: SEAL_PERMISSION } }, async () => {
    const seal = await loadSeal(db, config.dataDir);
    if (!seal) return ok(null, '尚未设置印章');
    const dataUrl = `data:${CONTENT_TYPES[seal.format]};base64,${Buffer.from(seal.bytes).toString('base64')}`;
    return ok({ path: seal.path, fileName: seal.fileName, dataUrl });
  });

  api.post<{ Body: { path?: string } }>(
    '/xypj/certificate/seal',
    { config: { permission: SEAL_PERMISSION }, schema: SEAL_BODY },
    async (request) => {
      requireSession(request);
      const raw = request.body.path;
      const path = typeof raw === 'string' ? raw.trim() : '';
      if (path) {
        const problem = await sealProblem(db, path);
        if (problem) throw businessError(problem);
      }
      const now = new Date();
      await db
        .insertInto('sys_config')
        .values({ config_key: SEAL_CONFIG_KEY, config_value: path, update_time: now })
        .onConflict((oc) => oc.column('config_key').doUpdateSet({ config_value: path, update_time: now }))
        .execute();
      return okMessage(path ? '印章已保存，之后下载的证书将加盖此印章' : '印章已清除');
    },
  );
}
