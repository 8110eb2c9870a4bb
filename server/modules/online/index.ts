import type { FastifyRequest } from 'fastify';
import { requireGrants, requireSession } from '../../core/access-control';
import type { ApiModule } from '../../core/deps';
import { ApiError, businessError, forbidden, ok } from '../../core/envelope';
import type { Grants } from '../../core/permissions';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { LOOKUP_ROW_CAP, searchPlainDict, searchTableDict, type DictModel } from '../lookup/dict-queries';
import { resolveDictCode } from '../lookup';
import { PassThrough } from 'node:stream';
import { XlsxStreamWriter, type XlsxCell } from '../../core/xlsx-writer';
import { attachmentHeader } from '../entity/export';
import { logOperation, OP_EXPORT } from '../admin/oplog';
import { EXPORT_BYTE_CAP, EXPORT_ROW_CAP, fieldKind, reportData, type DataRequest } from './report-query';
import { onlineReportDesignModule } from './report-design';
import { setupReportExecutor } from './report-executor';
import { systemVariables } from './sql-runner';
import { loadReport, type ReportConfig, type ReportItem } from './tables';

export { withReadOnly } from './sql-runner';

export const REPORT_PERMISSION = 'online:report:data';
export const REPORT_NOT_FOUND_MESSAGE = '报表不存在';
export const REPORT_FAILED_MESSAGE = '报表查询失败，请检查报表配置或查询条件';

const ID_PARAM = objectSchema({ id: text('报表编码', 100, { minLength: 1, pattern: '^[A-Za-z0-9_\\-]+$' }) }, ['id']);

type QueryValues = Record<string, string | string[] | undefined>;

function flatValues(query: QueryValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string' && k.length <= 100) out[k] = value.slice(0, 500);
  }
  return out;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) ? n : fallback;
}

/** The report when it exists and the caller's roles may run it (role_codes empty = every granted role). */
async function reportFor(request: FastifyRequest, db: Db, idOrCode: string): Promise<{ config: ReportConfig; grants: Grants }> {
  const grants = await requireGrants(request, db);
  const config = await loadReport(db, idOrCode);
  if (!config) throw businessError(REPORT_NOT_FOUND_MESSAGE);
  const allowed = (config.head.role_codes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (allowed.length && !grants.isAdmin && !allowed.some((r) => grants.roleCodes.includes(r))) throw forbidden();
  if (config.head.db_source && config.head.db_source !== 'local') throw businessError(REPORT_FAILED_MESSAGE);
  return { config, grants };
}

async function dictOptions(db: Db, items: ReportItem[], grants: Grants): Promise<Record<string, DictModel[]>> {
  const out: Record<string, DictModel[]> = {};
  for (const item of items) {
    if (!item.dict_code) continue;
    try {
      const d = resolveDictCode(item.dict_code, grants);
      out[item.field_name] =
        d.kind === 'table' ? await searchTableDict(db, d.entry, '', LOOKUP_ROW_CAP) : await searchPlainDict(db, d.code, '', LOOKUP_ROW_CAP);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out[item.field_name] = [];
    }
  }
  return out;
}

function columnsOf(items: ReportItem[]) {
  return items
    .filter((i) => i.is_show === 1)
    .map((i) => ({
      title: i.field_txt || i.field_name,
      dataIndex: i.field_name,
      align: 'center',
      ...(i.field_width ? { width: i.field_width } : {}),
      ...(i.is_order === 1 ? { sorter: true } : {}),
      fieldType: i.field_type,
      ...(i.dict_code ? { customRender: i.field_name } : {}),
      ...(i.is_total === '1' ? { isTotal: '1' } : {}),
      ...(i.group_title ? { groupTitle: i.group_title } : {}),
    }));
}

function queryInfo(items: ReportItem[]) {
  return items
    .filter((i) => i.is_search === 1)
    .map((i) => {
      const kind = fieldKind(i.field_type);
      const parts = (i.dict_code ?? '').split(',');
      const tableDict = parts.length >= 3;
      const view = tableDict ? 'sel_search' : i.dict_code ? 'list' : kind === 'date' || kind === 'datetime' ? kind : 'text';
      return {
        field: i.field_name,
        label: i.field_txt || i.field_name,
        view,
        type: i.field_type,
        mode: i.search_mode === 'group' ? 'group' : 'single',
        dictCode: tableDict ? parts[2] : (i.dict_code ?? null),
        ...(tableDict ? { dictTable: parts[0], dictText: parts[1], dict: i.dict_code } : {}),
      };
    });
}

function chartOf(config: ReportConfig) {
  const { chart_type: type, chart_x: x, chart_y: y } = config.head;
  if (!type || !x || !y) return null;
  return {
    type,
    x,
    y: y
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

function cellValue(value: unknown, item: ReportItem, dicts: Record<string, DictModel[]>): XlsxCell {
  if (value === null || value === undefined) return '';
  if (item.dict_code) {
    const texts = String(value)
      .split(',')
      .map((v) => dicts[item.field_name]?.find((d) => d.value === v.trim())?.text ?? v);
    return texts.join(',');
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (fieldKind(item.field_type) === 'number' && value !== '' && Number.isFinite(Number(value))) return Number(value);
  return String(value);
}

/** Online report runtime for the popup picker and report pages, and (same module) the report designer. */
export const onlineReportModule: ApiModule = async (api, deps) => {
  const { db } = deps;
  // On PostgreSQL report queries run on a pool of their own as a login role that cannot write; on PGlite one at a time.
  const { executor, fallback } = await setupReportExecutor(db, deps.config.tokenSecret);
  if (fallback) api.log.warn({ reason: fallback }, 'online reports: no login role of their own; see docs/online-reports.md');
  api.addHook('onClose', () => executor.close());
  onlineReportDesignModule(api, deps, executor);
  const run = async (request: FastifyRequest, config: ReportConfig, query: QueryValues, exporting = false) => {
    const { user } = requireSession(request);
    const values = flatValues(query);
    const dataRequest: DataRequest = {
      values,
      column: values.column || undefined,
      order: values.order || undefined,
      pageNo: Math.max(1, positiveInt(values.pageNo, 1)),
      pageSize: exporting ? 0 : positiveInt(values.pageSize, 10),
    };
    try {
      const caps = exporting ? { rows: EXPORT_ROW_CAP, bytes: EXPORT_BYTE_CAP } : undefined;
      return await reportData(executor, user.username, config, dataRequest, systemVariables(user), caps);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      request.log.warn({ err, report: config.head.code }, 'online report query failed');
      throw businessError(REPORT_FAILED_MESSAGE);
    }
  };
  const opts = { config: { permission: REPORT_PERMISSION }, schema: { params: ID_PARAM } };

  api.get<{ Params: { id: string } }>('/online/cgreport/api/getRpColumns/:id', opts, async (request) => {
    const { config, grants } = await reportFor(request, db, request.params.id);
    return ok({
      columns: columnsOf(config.items),
      dictOptions: await dictOptions(db, config.items, grants),
      cgRpConfigId: config.head.id,
      cgRpConfigName: config.head.name,
      fieldHrefSlots: [],
    });
  });

  api.get<{ Params: { id: string } }>('/online/cgreport/api/getQueryInfo/:id', opts, async (request) => {
    const { config } = await reportFor(request, db, request.params.id);
    return ok(queryInfo(config.items));
  });

  api.get<{ Params: { id: string } }>('/online/cgreport/api/getParamsInfo/:id', opts, async (request) => {
    const { config } = await reportFor(request, db, request.params.id);
    return ok(config.params.map((p) => ({ paramName: p.param_name, paramTxt: p.param_txt, paramValue: p.param_value })));
  });

  api.get<{ Params: { id: string }; Querystring: QueryValues }>('/online/cgreport/api/getData/:id', opts, async (request) => {
    const { config } = await reportFor(request, db, request.params.id);
    return ok(await run(request, config, request.query));
  });

  api.get<{ Params: { id: string }; Querystring: QueryValues }>('/online/cgreport/api/getColumnsAndData/:id', opts, async (request) => {
    const { config, grants } = await reportFor(request, db, request.params.id);
    return ok({
      data: await run(request, config, request.query),
      columns: columnsOf(config.items),
      cgreportHeadName: config.head.name,
      dictOptions: await dictOptions(db, config.items, grants),
      fieldHrefSlots: [],
      isGroupTitle: config.items.some((i) => !!i.group_title),
      chart: chartOf(config),
    });
  });

  api.get<{ Params: { id: string }; Querystring: QueryValues }>(
    '/online/cgreport/api/exportManySheetXls/:id',
    opts,
    async (request, reply) => {
      const { config, grants } = await reportFor(request, db, request.params.id);
      const data = await run(request, config, request.query, true);
      const dicts = await dictOptions(db, config.items, grants);
      const shown = config.items.filter((i) => i.is_show === 1);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<void>((resolve) => out.on('end', () => resolve()));
      const sheet = new XlsxStreamWriter(out);
      await sheet.start({
        sheetName: config.head.name.replace(/[\\/?*[\]:]/g, '_'),
        widths: shown.map((i) => Math.min(60, Math.max(12, (i.field_width ?? 0) / 8))),
      });
      if (shown.some((i) => i.group_title)) await sheet.addRow(shown.map((i) => i.group_title ?? ''));
      await sheet.addRow(shown.map((i) => i.field_txt || i.field_name));
      for (const record of data.records) await sheet.addRow(shown.map((i) => cellValue(record[i.field_name], i, dicts)));
      if (data.totals)
        await sheet.addRow(
          shown.map((i, n) => (i.field_name in data.totals! ? (data.totals![i.field_name] ?? '') : n === 0 ? '合计' : '')),
        );
      await sheet.finish();
      out.end();
      await done;
      await logOperation(db, request, OP_EXPORT, `导出在线报表：${config.head.code}（${data.records.length}条）`);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentHeader(`${config.head.name}.xlsx`, `${config.head.code}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(Buffer.concat(chunks));
    },
  );
};
