import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import type { JsonValue } from '../../core/json';
import { ok } from '../../core/envelope';
import { LIST_QUERY, objectSchema, text } from '../../core/schemas';
import { LOG_TYPE_OPERATION, writeLog } from '../../core/sys-log';
import type { Db } from '../../db/types';
import { entityListOptions, idList, permissionOf } from './crud-routes';
import type { EntityDefinition, EntityField } from './definitions';
import { addDictTexts } from './dict-text';
import {
  authorizeExport,
  ExportLinkSigner,
  exportParams,
  MAX_PARAMS_STR_LENGTH,
  parseParamsStr,
  type ExportLinkQuery,
} from './export-links';
import { listConditions, listOrder, paramText, sortKeys, toRecord, type ListOptions, type ListParams } from './list-query';
import { rowBatches } from './export-batches';
import { subColumns, subRowsByMain } from './export-sub-rows';
import { XlsxStreamWriter } from '../../core/xlsx-writer';

const BATCH_ROWS = 1000;
const COLUMN_WIDTH = 20;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition for a download with a non-ASCII name (RFC 6266 / RFC 5987). */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/**
 * Columns to export: the `field` list when it names known properties, else every non-key field. An entity that
 * declares `exportColumns` exports only those (as JeecgBoot's @Excel fields): `field` then chooses among them.
 */
export function exportFields(def: EntityDefinition, params: ListParams): EntityField[] {
  const byProperty = new Map(def.fields.map((f) => [f.property, f]));
  const exportable = def.exportColumns.length ? new Set(def.exportColumns) : undefined;
  const asked = (paramText(params, 'field') ?? '')
    .split(',')
    .map((s) => byProperty.get(s.trim().replace(/_dictText$/, '')))
    .filter((f): f is EntityField => !!f && !f.primaryKey && (!exportable || exportable.has(f)));
  const chosen = [...new Set(asked)];
  if (chosen.length) return chosen;
  return def.exportColumns.length ? def.exportColumns : def.fields.filter((f) => !f.primaryKey && !f.audit);
}

function cellValue(f: EntityField, record: Record<string, JsonValue>): string | number | boolean | null {
  const value = f.dictCode ? (record[`${f.property}_dictText`] ?? record[f.property]) : record[f.property];
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

async function writeRows(db: Db, def: EntityDefinition, params: ListParams, request: FastifyRequest, out: PassThrough): Promise<void> {
  const { user } = requireSession(request);
  const withSubRows = def.json.exportSubRows === true && def.subTables.length > 0 && paramText(params, 'exportSingleOnly') !== '1';
  await writeExportRows(db, def, params, await entityListOptions(def, request), user, out, withSubRows);
}

/**
 * Writes the export workbook of `def` (filters, selections, field choice of `params`; `options` data rules and
 * conditions) to `out`. With `withSubRows`, each record is followed by its sub-table rows: the sub tables' columns
 * come after the main ones, one sheet row per sub row, and the record's own cells are merged down over them.
 */
export async function writeExportRows(
  db: Db,
  def: EntityDefinition,
  params: ListParams,
  options: ListOptions,
  user: { username: string; realname: string | null },
  out: PassThrough,
  withSubRows = false,
): Promise<void> {
  const fields = exportFields(def, params);
  const subs = withSubRows ? subColumns(def.subTables) : [];
  const conditions = listConditions(def, params, options);
  const selections = paramText(params, 'selections');
  if (selections && selections.trim()) conditions.push(sql`${sql.id(def.id.column)} in (${sql.join(idList(selections))})`);

  const sheet = new XlsxStreamWriter(out);
  await sheet.start({ sheetName: def.exportTitle, widths: [...fields, ...subs].map(() => COLUMN_WIDTH) });
  await sheet.addRow([`${def.exportTitle}报表`]);
  await sheet.addRow([`导出人:${user.realname ?? user.username}`]);
  await sheet.addRow([...fields.map((f) => f.label), ...subs.map((c) => c.title)]);
  const mainColumns = fields.map((_, i) => i);
  for await (const rows of rowBatches(db, def, conditions, sortKeys(def, params, true), fields, BATCH_ROWS)) {
    const records = await addDictTexts(db, rows.map(toRecord), fields);
    const ids = records.map((r) => String(r[def.id.property]));
    const subRows = subs.length ? await Promise.all(def.subTables.map((sub) => subRowsByMain(db, sub, ids))) : [];
    for (const [i, record] of records.entries()) {
      const main = fields.map((f) => cellValue(f, record));
      if (!subs.length) {
        await sheet.addRow(main);
        continue;
      }
      const perSub = def.subTables.map((_, s) => subRows[s]!.get(ids[i]!) ?? []);
      const height = Math.max(1, ...perSub.map((list) => list.length));
      const first = sheet.nextRow;
      for (let line = 0; line < height; line++) {
        const subCells = subs.map((c) => {
          const row = perSub[def.subTables.indexOf(c.sub)]![line];
          return row ? cellValue(c.field, row) : null;
        });
        await sheet.addRow([...(line === 0 ? main : main.map(() => null)), ...subCells]);
      }
      sheet.mergeDown(mainColumns, first, first + height - 1);
    }
  }
  await sheet.finish();
  out.end();
}

/**
 * GET (or POST) <apiBase>/exportXls: an xlsx stream of the filtered rows, or of `selections` only.
 * The parameters come from the query string or, for download by navigation, from `paramsStr`; the
 * caller is the X-Access-Token header or a signed link from GET <apiBase>/exportXls/link.
 */
export function mountExportRoute(api: FastifyInstance, deps: AppDeps, def: EntityDefinition): void {
  const { db, config } = deps;
  const path = `${def.apiBase}/exportXls`;
  const permission = permissionOf(def, 'exportXls');
  let signer: Promise<ExportLinkSigner> | null = null;
  const getSigner = () => (signer ??= ExportLinkSigner.create(deps));

  api.route<{ Querystring: ListParams & ExportLinkQuery }>({
    method: ['GET', 'POST'],
    url: path,
    // signed links carry no header: the handler checks the link or the token, then the permission
    config: { public: true },
    schema: { querystring: LIST_QUERY },
    handler: async (request, reply) => {
      await authorizeExport(request, deps, getSigner, path, permission);
      const params = exportParams(request.query);
      // validate filters and sort before the first byte is sent, so a bad request gets a JSON answer
      listConditions(def, params, await entityListOptions(def, request));
      listOrder(def, params);
      const selections = paramText(params, 'selections');
      if (selections && selections.trim()) idList(selections);

      const { user } = requireSession(request);
      await writeLog(db, {
        logType: LOG_TYPE_OPERATION,
        content: `${def.label}导出`,
        operateType: 6,
        userId: user.id,
        username: user.username,
        ip: request.ip,
      });
      const out = new PassThrough();
      writeRows(db, def, params, request, out).then(
        () => deps.metrics.exported(def.table, 'ok'),
        (err: unknown) => {
          deps.metrics.exported(def.table, 'failed');
          request.log.error({ err }, 'export failed');
          out.destroy(err instanceof Error ? err : new Error('export failed'));
        },
      );
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentHeader(`${def.exportTitle}.xlsx`, `${def.table}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(out);
    },
  });

  api.get<{ Querystring: { paramsStr?: string } }>(
    `${path}/link`,
    { config: { permission }, schema: { querystring: objectSchema({ paramsStr: text('paramsStr', MAX_PARAMS_STR_LENGTH) }) } },
    async (request) => {
      const paramsStr = request.query.paramsStr ?? '';
      const params = paramsStr.trim() ? parseParamsStr(paramsStr) : {};
      listConditions(def, params, await entityListOptions(def, request));
      listOrder(def, params);
      const sid = requireSession(request).tokenId;
      const { exp, sig } = (await getSigner()).sign(path, paramsStr, sid);
      const query = new URLSearchParams({ paramsStr, sid, exp: String(exp), sig });
      return ok({ url: `${config.apiBase}${path}?${query.toString()}`, expireTime: exp });
    },
  );
}
