import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { authenticate, requireGrants } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, forbidden, unauthorized } from '../../core/envelope';
import { hasAnyCode } from '../../core/permissions';
import { resolveTokenSecret } from '../../core/tokens';
import type { ListParams } from './list-query';

/** Long enough for the browser to follow the link it just asked for, too short to be worth keeping. */
export const EXPORT_LINK_TTL_MS = 60 * 1000;
const CLOCK_SKEW_MS = 30 * 1000;
export const MAX_PARAMS_STR_LENGTH = 20_000;
export const PARAMS_STR_MESSAGE = 'paramsStr参数格式不正确，需要一个查询参数的JSON对象';

export interface ExportLinkQuery {
  paramsStr?: string;
  /** the session's token row: the link dies with the session (logout, expiry, forced sign-out) */
  sid?: string;
  exp?: string;
  sig?: string;
}

/**
 * Signed export addresses for download by navigation (handleExportXls2), which cannot send
 * the X-Access-Token header. The signature covers the export path, `paramsStr`, the session's token
 * row id and the expiry; the token itself never appears in a URL.
 */
export class ExportLinkSigner {
  private constructor(private readonly key: Buffer) {}

  static async create(deps: Pick<AppDeps, 'db' | 'config'>): Promise<ExportLinkSigner> {
    const secret = await resolveTokenSecret(deps.db, deps.config.tokenSecret);
    return new ExportLinkSigner(createHmac('sha256', secret).update('xypj-export-link-v1').digest());
  }

  private mac(path: string, paramsStr: string, sid: string, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${exp}\n${sid}\n${path}\n${paramsStr}`).digest();
  }

  sign(path: string, paramsStr: string, sid: string, now = Date.now()): { exp: number; sig: string } {
    const exp = now + EXPORT_LINK_TTL_MS;
    return { exp, sig: this.mac(path, paramsStr, sid, exp).toString('base64url') };
  }

  verify(path: string, query: ExportLinkQuery, now = Date.now()): boolean {
    const { sid = '', exp = '', sig = '' } = query;
    if (!/^\d{13}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig) || !/^[A-Za-z0-9_-]{1,64}$/.test(sid)) return false;
    const expiry = Number(exp);
    if (expiry <= now || expiry > now + EXPORT_LINK_TTL_MS + CLOCK_SKEW_MS) return false;
    return timingSafeEqual(this.mac(path, query.paramsStr ?? '', sid, expiry), Buffer.from(sig, 'base64url'));
  }
}

const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** `paramsStr`: the list's query parameters as a (possibly URI-encoded) JSON object of scalars or lists of scalars. */
export function parseParamsStr(raw: string): ListParams {
  if (raw.length > MAX_PARAMS_STR_LENGTH) throw businessError(PARAMS_STR_MESSAGE);
  let parsed: unknown;
  for (const text of [raw, safeDecode(raw)]) {
    if (text === null) continue;
    try {
      parsed = JSON.parse(text);
      break;
    } catch {
      // next form
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw businessError(PARAMS_STR_MESSAGE);
  const out: ListParams = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (scalar(value)) out[key] = String(value);
    else if (Array.isArray(value) && value.every(scalar)) out[key] = value.map(String).join(',');
    else throw businessError(PARAMS_STR_MESSAGE);
  }
  return out;
}

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The export's parameters: `paramsStr` when given (navigation), else the query string; a signed link's own keys never count. */
export function exportParams(query: ListParams & ExportLinkQuery): ListParams {
  const paramsStr = query.paramsStr;
  if (typeof paramsStr === 'string' && paramsStr.trim() !== '') return parseParamsStr(paramsStr);
  return query.sig !== undefined ? {} : query;
}

/**
 * Who may export: a valid signed link (its session still live) or the X-Access-Token header, and
 * in both cases the export permission. Sets request.session like the access-control hook does.
 */
export async function authorizeExport(
  request: FastifyRequest<{ Querystring: ExportLinkQuery }>,
  deps: AppDeps,
  signer: () => Promise<ExportLinkSigner>,
  path: string,
  permission: string,
): Promise<void> {
  const query = request.query;
  if (query.sig !== undefined) {
    if (!(await signer()).verify(path, query)) throw unauthorized('下载链接已失效，请重新导出');
    const session = await deps.tokens.resolveById(query.sid!);
    if (!session) throw unauthorized();
    if (session.user.status !== 1) throw unauthorized('账号已被锁定,请联系管理员!');
    request.session = session;
  } else {
    request.session = await authenticate(request, deps.tokens);
  }
  if (!hasAnyCode(await requireGrants(request, deps.db), permission)) throw forbidden();
}
