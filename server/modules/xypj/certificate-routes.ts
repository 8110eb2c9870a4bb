import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import type { Db } from '../../db/types';
import { requireInScope, scopeOf, type WriteContext } from '../entity/policies';
import type { ServerConfig } from '../../config';
import { StartupError } from '../../core/startup-error';
import { officeToday } from './caller';
import { loadSeal, certificateSealRoutes } from './certificate-seal';
import { loadSigningKey, type SigningKey } from './certificate-signing';
import { notifyCertificateRevoked } from './notify-events';
import { definitionOf, requireRecord, requiredText } from './records';
import { ID_PARAMS, idReasonBody, type IdReasonBody } from './request-schemas';

/** The office that issues the certificates: the root department's name. */
export const DEFAULT_ISSUER = '省工程建设监理协会';

export async function issuerName(db: Db): Promise<string> {
  const res = await sql<{
    depart_name: string;
  }>`select depart_name from sys_depart where parent_id is null or parent_id = '' order by depart_order asc, org_code asc limit 1`.execute(
    db,
  );
  return res.rows[0]?.depart_name || DEFAULT_ISSUER;
}

/** The public check page a certificate's QR code opens, on the origin the request came to. */
export function checkUrl(request: FastifyRequest, certNo: string): string {
  return `${request.protocol}://${request.host}/xypj/checkzs?no=${encodeURIComponent(certNo)}`;
}

/** The signing key named by CERT_SIGN_P12 (null without it); a file that cannot be opened stops the start with the reason. */
function signingKeyOf(config: ServerConfig): SigningKey | null {
  if (!config.certSignP12) return null;
  try {
    return loadSigningKey(config.certSignP12, config.certSignPassword ?? '');
  } catch (error) {
    throw new StartupError(error instanceof Error ? error.message : String(error));
  }
}

/** Certificates are issued by publication and changed only by revoke; the entity CRUD only reads them. */
export async function certificateBeforeWrite(ctx: WriteContext): Promise<void> {
  if (ctx.mode === 'add') throw businessError('证书在发布评价结果时自动颁发，不能手工新增');
  if (ctx.mode === 'edit') throw businessError('证书不能修改，如需作废请撤销');
  throw businessError('证书不能删除，如需作废请撤销');
}

/** POST /xypj/certificate/revoke {id, reason} (xypj:certificate:revoke); GET /xypj/certificate/pdf/{id} (own company, or staff). */
export function certificateRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const signing = signingKeyOf(config);
  certificateSealRoutes(api, deps);
  api.post<{ Body: IdReasonBody }>(
    '/xypj/certificate/revoke',
    { config: { permission: 'xypj:certificate:revoke' }, schema: idReasonBody('撤销原因') },
    async (request) => {
      const { user } = requireSession(request);
      const cert = await requireRecord(db, 'xypj_certificate', request.body.id);
      const reason = requiredText(request.body, 'reason', '撤销原因', 500);
      if (cert.status === 'revoked') throw businessError(`证书${String(cert.certNo)}已撤销`);
      const now = new Date();
      const res =
        await sql`update xypj_certificate set status = 'revoked', revoke_reason = ${reason}, revoke_time = ${now}, update_by = ${user.username}, update_time = ${now}
      where id = ${String(cert.id)} and status <> 'revoked' returning id`.execute(db);
      if (!res.rows.length) throw businessError('证书状态已变化，请刷新后重试');
      await notifyCertificateRevoked(request, String(cert.id));
      return okMessage(`证书${String(cert.certNo)}已撤销`);
    },
  );

  api.get<{ Params: { id: string } }>(
    '/xypj/certificate/pdf/:id',
    { config: { authenticated: true }, schema: ID_PARAMS },
    async (request, reply) => {
      const def = definitionOf('xypj_certificate');
      const cert = await requireRecord(db, 'xypj_certificate', request.params.id);
      await requireInScope(db, def, await scopeOf(def, request), [String(cert.id)]);
      const certNo = String(cert.certNo);
      // pdf-lib, fontkit and the QR code load on the first certificate, not at start
      const { certificatePdf } = await import('./certificate-pdf');
      const pdf = await certificatePdf(
        {
          certNo,
          companyName: String(cert.companyName ?? ''),
          creditCode: String(cert.creditCode ?? ''),
          grade: String(cert.grade ?? ''),
          issueDate: String(cert.issueDate ?? officeToday()),
          validUntil: String(cert.validUntil ?? ''),
          issuer: await issuerName(db),
          checkUrl: checkUrl(request, certNo),
          revoked: cert.status === 'revoked',
        },
        { seal: await loadSeal(db, config.dataDir), signing },
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${certNo.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
}
