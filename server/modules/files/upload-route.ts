import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { badRequest, businessError, okMessage } from '../../core/envelope';
import { acceptUpload, TYPE_REFUSED_MESSAGE } from './file-types';
import { BIZ_REFUSED_MESSAGE, DEFAULT_BIZ, isBizFolder, saveUpload } from './storage';
import { MULTIPART } from '../../core/schemas';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** JeecgBoot's answer to MaxUploadSizeExceededException */
export const SIZE_REFUSED_MESSAGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';
export const NO_FILE_MESSAGE = '请选择要上传的文件';
export const EMPTY_FILE_MESSAGE = '上传文件不能为空';
export const ONE_FILE_MESSAGE = '一次只能上传一个文件';

const SNIFF_BYTES = 8192;

interface ReceivedUpload {
  biz: string;
  jeditor: boolean;
  file: { name: string; declaredType: string; content: Buffer } | null;
}

async function receive(request: FastifyRequest): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { biz: '', jeditor: false, file: null };
  const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      received.file = { name: part.filename ?? '', declaredType: part.mimetype ?? '', content: await part.toBuffer() };
    } else if (part.fieldname === 'biz') {
      received.biz = String(part.value ?? '').trim();
    } else if (part.fieldname === 'jeditor') {
      received.jeditor = String(part.value ?? '') === '1';
    }
  }
  return received;
}

function mapMultipartError(err: unknown): never {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw businessError(SIZE_REFUSED_MESSAGE);
  if (code === 'FST_FILES_LIMIT') throw businessError(ONE_FILE_MESSAGE);
  if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('上传内容格式不正确');
  throw err;
}

/**
 * POST /sys/common/upload: multipart `file` + `biz` (allow-listed folder, default temp; `jeditor=1`
 * without biz means the rich-text folder). Answers the stored relative path in message and result.
 */
export async function uploadRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  const { default: multipart } = await import('@fastify/multipart');
  await api.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  api.post('/sys/common/upload', { config: { authenticated: true }, schema: MULTIPART }, async (request) => {
    const { user } = requireSession(request);
    if (!request.isMultipart()) throw businessError(NO_FILE_MESSAGE);
    const received = await receive(request).catch(mapMultipartError);
    const biz = received.biz || (received.jeditor ? 'jeditor' : DEFAULT_BIZ);
    if (!isBizFolder(biz)) throw businessError(BIZ_REFUSED_MESSAGE);
    const file = received.file;
    if (!file || !file.name) throw businessError(NO_FILE_MESSAGE);
    if (file.content.length === 0) throw businessError(EMPTY_FILE_MESSAGE);
    const type = acceptUpload(file.name, file.declaredType, file.content.subarray(0, SNIFF_BYTES));
    if (!type) throw businessError(TYPE_REFUSED_MESSAGE);
    const path = await saveUpload(db, { biz, originalName: file.name, type, content: file.content, uploader: user });
    return okMessage(path);
  });
}
