import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, failure } from './envelope';

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
}

function labelOf(err: SchemaError): string {
  if (err.keyword === 'required') {
    const missing = String(err.params.missingProperty ?? '');
    return err.parentSchema?.properties?.[missing]?.title ?? missing;
  }
  const own = err.parentSchema?.title;
  if (own) return own;
  const last = err.instancePath.split('/').filter(Boolean).pop();
  return last ?? '参数';
}

/** One plain Chinese sentence for the first schema violation; never the schema or the value. */
export function validationMessage(errors: readonly SchemaError[]): string {
  const err = errors[0];
  if (!err) return '请求参数不正确';
  const label = labelOf(err);
  const limit = err.params.limit;
  switch (err.keyword) {
    case 'required':
      return `${label}不能为空`;
    case 'minLength':
      return limit === 1 ? `${label}不能为空` : `${label}长度不能少于${String(limit)}个字符`;
    case 'maxLength':
      return `${label}长度不能超过${String(limit)}个字符`;
    case 'maxItems':
      return `${label}数量不能超过${String(limit)}个`;
    case 'enum':
      return `${label}取值不正确`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${label}超出范围`;
    case 'additionalProperties':
      return `不支持的参数：${String(err.params.additionalProperty ?? '')}`;
    default:
      return `${label}格式不正确`;
  }
}

const INTEGRITY_MESSAGE = '执行数据库异常,违反了完整性例如：违反惟一约束、违反非空限制、字段内容超出长度等';

function databaseMessage(code: unknown): string | null {
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return '数据库中已存在该记录';
  if (code.startsWith('23') || code === '22001') return INTEGRITY_MESSAGE;
  return null;
}

/** Maps every error to the envelope; only ApiError and validation texts reach the client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: SchemaError[] }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.httpStatus).send(failure(error.message, error.code));
    }
    if (error.validation) {
      return reply.code(400).send(failure(validationMessage(error.validation), 400));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(failure('请求内容过大', 413));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(failure('不支持的请求内容类型', 415));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send(failure('请求内容格式不正确', 400));
    }
    const dbMessage = databaseMessage((error as { code?: unknown }).code);
    if (dbMessage) {
      request.log.warn({ dbCode: error.code }, 'database constraint');
      return reply.code(200).send(failure(dbMessage, 500));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(status === 400 ? '请求内容格式不正确' : '请求不正确', status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('操作失败，请稍后重试或联系管理员', 500));
  });
}
