import multipart from '@fastify/multipart';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage, type Envelope } from '../../core/envelope';
import { newId } from '../../core/ids';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { loadGrid } from '../entity/excel-rows';
import { uploadedFiles } from '../entity/import';
import { attachmentHeader, XLSX_TYPE } from '../entity/export';
import { auditInsert } from './common';
import { allDeparts, nextChildCode } from './depart-tree';
import { logOperation, OP_EXPORT, OP_IMPORT } from './oplog';
import { MULTIPART } from '../../core/schemas';

/** exceljs takes long to load; only export and import need it, so it loads on first use. */
const loadExcel = async () => (await import('exceljs')).default;

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_ROWS = 5000;
const HEADERS = ['部门名称', '上级部门编码', '机构编码', '机构类型', '排序', '手机号', '传真', '地址', '备注'] as const;
const CATEGORY_TEXT: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };

async function workbookBuffer(db: Db, exporter: string): Promise<Buffer> {
  const rows = await allDeparts(db);
  const codeOf = new Map(rows.map((r) => [r.id, r.org_code]));
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet('部门');
  sheet.addRow(['部门信息报表']);
  sheet.addRow([`导出人:${exporter}`]);
  sheet.addRow([...HEADERS]);
  for (const d of [...rows].sort((a, b) => a.org_code.localeCompare(b.org_code))) {
    sheet.addRow([
      d.depart_name,
      d.parent_id ? (codeOf.get(d.parent_id) ?? '') : '',
      d.org_code,
      CATEGORY_TEXT[d.org_category ?? ''] ?? '',
      d.depart_order,
      d.mobile,
      d.fax,
      d.address,
      d.memo,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  return String(v).trim();
};

async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const [file] = await uploadedFiles(request);
  if (!/\.xlsx?$/i.test(file!.name)) throw businessError('请上传.xls或.xlsx格式的文件');
  return file!.data;
}

/** Rows after the two title rows and the header row: name, parent org code, (org code ignored), category, order, phone, fax, address, memo. */
/** Reads and saves every row through `trx`, the import's one transaction (later rows may name earlier ones as parent). */
async function importDeparts(trx: Db, data: Buffer, username: string): Promise<{ total: number; errors: string[] }> {
  const sheet = await loadGrid(data);
  if (!sheet) throw businessError('文件导入失败:没有数据');
  const errors: string[] = [];
  let total = 0;
  const categoryByText = new Map(Object.entries(CATEGORY_TEXT).map(([k, v]) => [v, k]));
  for (let line = 4; line <= Math.min(sheet.rowCount, MAX_ROWS + 3); line++) {
    const values = sheet.values(line);
    const cells = HEADERS.map((_, i) => cellText(values[i + 1]));
    if (cells.every((c) => c === '')) continue;
    total++;
    const [name, parentCode, , category, order, mobile, fax, address, memo] = cells;
    if (!name || name.length > 100) {
      errors.push(`第${line}行：部门名称不能为空且不超过100个字符`);
      continue;
    }
    if (order && !/^-?\d{1,9}$/.test(order)) {
      errors.push(`第${line}行：排序必须是整数`);
      continue;
    }
    const parent = parentCode
      ? await trx.selectFrom('sys_depart').select(['id', 'org_code']).where('org_code', '=', parentCode).executeTakeFirst()
      : null;
    if (parentCode && !parent) {
      errors.push(`第${line}行：上级部门编码不存在`);
      continue;
    }
    const siblings = await trx
      .selectFrom('sys_depart')
      .select('org_code')
      .where('org_code', 'like', `${parent?.org_code ?? ''}___`)
      .execute();
    await trx
      .insertInto('sys_depart')
      .values({
        id: newId(),
        parent_id: parent?.id ?? null,
        depart_name: name,
        depart_name_en: null,
        depart_name_abbr: null,
        depart_order: order ? Number(order) : 0,
        description: null,
        org_category: categoryByText.get(category) ?? (parent ? '2' : '1'),
        org_type: parent ? '2' : '1',
        org_code: nextChildCode(
          parent?.org_code ?? '',
          siblings.map((s) => s.org_code),
        ),
        mobile: mobile.slice(0, 32) || null,
        fax: fax.slice(0, 32) || null,
        address: address.slice(0, 100) || null,
        memo: memo.slice(0, 500) || null,
        status: '1',
        del_flag: '0',
        qywx_identifier: null,
        ...auditInsert(username),
      })
      .execute();
  }
  return { total, errors };
}

/** Department export and import (DepartList toolbar). */
export async function departExcelRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  api.route({
    method: ['GET', 'POST'],
    url: '/sys/sysDepart/exportXls',
    config: { permission: 'depart:export' },
    handler: async (request, reply) => {
      const { user } = requireSession(request);
      const buffer = await workbookBuffer(db, user.realname ?? user.username);
      await logOperation(db, request, OP_EXPORT, '部门导出');
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentHeader('部门信息.xlsx', 'depart.xlsx'))
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  });

  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
    scope.post(
      '/sys/sysDepart/importExcel',
      { config: { permission: 'depart:import' }, schema: MULTIPART },
      async (request): Promise<Envelope<unknown>> => {
        const { user } = requireSession(request);
        const data = await uploadedFile(request);
        // all rows and the log entry together: a failure part-way leaves nothing saved (codes are numbered under a lock)
        const { total, errors } = await withTransaction(db, async (trx) => {
          await sql`select pg_advisory_xact_lock(7302001)`.execute(trx);
          const outcome = await importDeparts(trx, data, user.username);
          await logOperation(
            trx,
            request,
            OP_IMPORT,
            `部门导入：成功${outcome.total - outcome.errors.length}行，错误${outcome.errors.length}行`,
          );
          return outcome;
        }).catch(async (err: unknown) => {
          await logOperation(db, request, OP_IMPORT, '部门导入失败：已全部回滚，未导入任何数据').catch(() => undefined);
          throw err;
        });
        if (errors.length === 0) return okMessage(`共${total}行数据全部导入成功！`);
        const saved = total - errors.length;
        return {
          success: true,
          code: 201,
          message: '文件导入成功，但有错误。',
          result: {
            totalCount: total,
            errorCount: errors.length,
            successCount: saved,
            msg: `总上传行数：${total}，已导入行数：${saved}，错误行数：${errors.length}`,
            errors,
          },
          timestamp: Date.now(),
        };
      },
    );
  });
}
