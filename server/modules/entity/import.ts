import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage, type Envelope } from '../../core/envelope';
import { MULTIPART, objectSchema, text } from '../../core/schemas';
import { LOG_TYPE_OPERATION, writeLog } from '../../core/sys-log';
import { newId } from '../../core/ids';
import { formatDateTime } from '../../core/time';
import type { SessionUser } from '../../core/tokens';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { insertRows, permissionOf } from './crud-routes';
import { runBeforeWrite, scopedBody, scopeOf } from './policies';
import type { EntityDefinition } from './definitions';
import { attachmentHeader } from './export';
import { isBlank, readSheetRows, type SheetRow } from './excel-rows';
import { RowValidator, type ColumnValues } from './row-validator';

export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
export const IMPORT_ERROR_PATH = '/sys/entity/importError';
const REPORT_DAYS = 7;

export interface ImportSummary {
  totalCount: number;
  errorCount: number;
  successCount: number;
  msg: string;
  fileUrl: string;
  fileName: string;
}

const stamp = (d: Date) => (formatDateTime(d) ?? '').replace(/\D/g, '');

async function saveErrorReport(db: Db, userId: string, label: string, lines: string[]): Promise<{ fileUrl: string; fileName: string }> {
  const now = new Date();
  const id = randomBytes(16).toString('hex');
  const fileName = `${label}导入错误信息${stamp(now)}.txt`;
  await sql`delete from sys_import_error_report where create_time < ${new Date(now.getTime() - REPORT_DAYS * 86_400_000)}`.execute(db);
  await sql`insert into sys_import_error_report (id, user_id, file_name, content, create_time)
    values (${id}, ${userId}, ${fileName}, ${lines.join('\r\n')}, ${now})`.execute(db);
  return { fileUrl: `${IMPORT_ERROR_PATH}/${id}`, fileName };
}

/** Every uploaded file part (field `file`, `files[]` or any other name) as a buffer. */
export async function uploadedFiles(request: FastifyRequest): Promise<Array<{ name: string; data: Buffer }>> {
  if (!request.isMultipart()) throw businessError('请上传Excel文件');
  const files: Array<{ name: string; data: Buffer }> = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ name: part.filename, data: await part.toBuffer() });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw businessError('文件大小超出10MB限制, 请压缩或降低文件质量! ');
    throw businessError('文件上传失败');
  }
  if (files.length === 0) throw businessError('请上传Excel文件');
  return files;
}

interface ImporterBase {
  /** names the records in the log and the error report, e.g. 职务 */
  label: string;
  rows(file: Buffer): Promise<SheetRow[]>;
}

/** Saves row by row inside the import's one transaction (small imports whose rows read what earlier rows wrote). */
export interface RowByRowImporter extends ImporterBase {
  /** saves one row through `trx`; its error messages, none when saved */
  save(row: SheetRow, user: SessionUser, trx: Db): Promise<string[]>;
}

/**
 * Checks every row first, outside any transaction (other requests go on meanwhile, which matters on the embedded
 * single-session database), then writes the accepted rows in one short transaction.
 */
export interface CheckedImporter<P> extends ImporterBase {
  /** the row's error messages, or what to write */
  check(row: SheetRow, user: SessionUser, db: Db): Promise<{ errors: string[] } | { accepted: P }>;
  writeAll(accepted: P[], user: SessionUser, trx: Db): Promise<void>;
}

/** How one kind of record is imported. */
export type RowImporter<P = never> = RowByRowImporter | CheckedImporter<P>;

/** Thrown out of the import transaction so that it rolls back; carries what happened for the log. */
class ImportAborted extends Error {
  constructor(
    readonly line: string,
    readonly failure: unknown,
  ) {
    super('import aborted');
  }
}

/**
 * Validates and saves each row; answers JeecgBoot's import messages (code 201 with an error report when some rows
 * fail). All rows of all files and the operation-log entry are committed in ONE transaction: a failure that is not
 * a row's validation message (a constraint, a lost connection, the process killed) leaves nothing saved, and the
 * log then says the import was rolled back. A `CheckedImporter` holds that transaction only while writing.
 */
export async function importWith<P>(db: Db, request: FastifyRequest, importer: RowImporter<P>): Promise<Envelope<string | ImportSummary>> {
  const { user } = requireSession(request);
  const files = await uploadedFiles(request);
  const sheets: Array<{ name: string; rows: SheetRow[] }> = [];
  for (const file of files) sheets.push({ name: file.name, rows: await importer.rows(file.data) });
  const errors: string[] = [];
  let total = 0;
  let saved = 0;
  const logEntry = (content: string) => ({
    logType: LOG_TYPE_OPERATION,
    content,
    operateType: 5,
    userId: user.id,
    username: user.username,
    ip: request.ip,
  });
  const whereOf = (sheet: { name: string }, row: SheetRow) => `${files.length > 1 ? `${sheet.name} ` : ''}第${row.line}行`;
  const accepted: P[] = [];
  if ('check' in importer) {
    for (const sheet of sheets) {
      for (const row of sheet.rows) {
        total++;
        const result = await importer.check(row, user, db);
        if ('errors' in result) errors.push(`${whereOf(sheet, row)}：${result.errors.join('；')}`);
        else accepted.push(result.accepted);
      }
    }
    saved = accepted.length;
  }
  try {
    await withTransaction(db, async (trx) => {
      if ('check' in importer) {
        try {
          await importer.writeAll(accepted, user, trx);
        } catch (err) {
          throw new ImportAborted('写入数据库时', err);
        }
      } else {
        for (const sheet of sheets) {
          for (const row of sheet.rows) {
            total++;
            const where = whereOf(sheet, row);
            let rowErrors: string[];
            try {
              rowErrors = await importer.save(row, user, trx);
            } catch (err) {
              throw new ImportAborted(where, err);
            }
            if (rowErrors.length) {
              errors.push(`${where}：${rowErrors.join('；')}`);
              continue;
            }
            saved++;
          }
        }
      }
      await writeLog(trx, logEntry(`${importer.label}导入：成功${saved}行，错误${errors.length}行`));
    });
  } catch (err) {
    const where = err instanceof ImportAborted ? `${err.line}出错，` : '';
    await writeLog(db, logEntry(`${importer.label}导入失败：${where}已全部回滚，未导入任何数据`)).catch(() => undefined);
    throw err instanceof ImportAborted ? err.failure : err;
  }
  if (errors.length === 0) return okMessage(`共${total}行数据全部导入成功！`);
  const report = await saveErrorReport(db, user.id, importer.label, errors);
  return {
    success: true,
    code: 201,
    message: '文件导入成功，但有错误。',
    result: {
      totalCount: total,
      errorCount: errors.length,
      successCount: saved,
      msg: `总上传行数：${total}，已导入行数：${saved}，错误行数：${errors.length}`,
      ...report,
    },
    timestamp: Date.now(),
  };
}

/** A checked record and, read with sub rows, the checked rows of each sub table (in `def.subTables` order). */
interface AcceptedRecord {
  values: ColumnValues;
  children: ColumnValues[][];
}

/**
 * Imports the rows of the uploaded files as records of `def`. With `withSubRows`, sub-table rows (the layout the
 * export with sub rows writes) are checked and saved with their record; a record with a wrong sub row is not saved.
 */
export async function importFiles(
  db: Db,
  def: EntityDefinition,
  request: FastifyRequest,
  withSubRows = false,
): Promise<Envelope<string | ImportSummary>> {
  // one validator per table for the whole file, so that a value repeated within the file is seen as a duplicate
  const validator = new RowValidator(db, def);
  const subTables = withSubRows ? def.subTables : [];
  const subValidators = subTables.map((sub) => new RowValidator(db, sub.entity));
  const scope = await scopeOf(def, request);
  return importWith<AcceptedRecord>(db, request, {
    label: def.label,
    rows: (file) => readSheetRows(def, file, withSubRows),
    check: async (row) => {
      if (withSubRows && isBlank(row.input)) return { errors: ['没有主表数据（子表行上方应有一行主表数据）'] };
      const input = scopedBody(def, scope, row.input);
      try {
        await runBeforeWrite(def, { request, db, mode: 'add', id: null, body: input, scope });
      } catch (err) {
        return { errors: [err instanceof Error ? err.message : String(err)] };
      }
      const check = await validator.check(input, 'add');
      if (check.errors.length) return { errors: check.errors };
      const id = newId();
      const errors: string[] = [];
      const children = await Promise.all(
        subTables.map(async (sub, s) => {
          const accepted: ColumnValues[] = [];
          for (const subRow of row.subRows?.[sub.property] ?? []) {
            const subCheck = await subValidators[s]!.check({ ...subRow.input, [sub.foreignKey]: id }, 'add');
            if (subCheck.errors.length) errors.push(`${sub.entity.label}第${subRow.line}行：${subCheck.errors.join('；')}`);
            else accepted.push(subCheck.values);
          }
          return accepted;
        }),
      );
      return errors.length ? { errors } : { accepted: { values: { ...check.values, [def.id.column]: id }, children } };
    },
    writeAll: async (records, user, trx) => {
      await insertRows(
        trx,
        def,
        records.map((r) => r.values),
        user,
      );
      for (const [s, sub] of subTables.entries())
        await insertRows(
          trx,
          sub.entity,
          records.flatMap((r) => r.children[s]!),
          user,
        );
    },
  });
}

export function mountImportRoute(api: FastifyInstance, { db, metrics }: AppDeps, def: EntityDefinition): void {
  api.post(
    `${def.apiBase}/importExcel`,
    { config: { permission: permissionOf(def, 'importExcel') }, schema: MULTIPART },
    async (request) => {
      try {
        const answer = await importFiles(db, def, request);
        metrics.imported(def.table, answer.code === 201 ? 'rejected_rows' : 'ok');
        return answer;
      } catch (err) {
        metrics.imported(def.table, 'failed');
        throw err;
      }
    },
  );
}

/** GET /sys/entity/importError/:id — the signed-in user's own error report as a text file. */
export function mountImportErrorRoute(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Params: { id: string } }>(
    `${IMPORT_ERROR_PATH}/:id`,
    {
      config: { authenticated: true },
      schema: { params: objectSchema({ id: text('文件标识', 64, { pattern: '^[a-f0-9]{32}$' }) }, ['id']) },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const res = await sql<{ file_name: string; content: string }>`select file_name, content from sys_import_error_report
        where id = ${request.params.id} and user_id = ${user.id}`.execute(db);
      const row = res.rows[0];
      if (!row) throw businessError('文件不存在或已过期');
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(row.file_name, 'import-errors.txt'))
        .header('Cache-Control', 'no-store')
        .send(`\ufeff${row.content}`);
    },
  );
}
