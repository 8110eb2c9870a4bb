import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { newId } from '../../core/ids';
import type { SessionUser } from '../../core/tokens';
import type { Db } from '../../db/types';
import { readSheetRows, type SheetRow } from '../entity/excel-rows';
import { importWith } from '../entity/import';
import { runListQuery, type ListParams } from '../entity/list-query';
import { auditInsert, idList } from './common';
import { itemValues, refuseTakenValue } from './dict-items';
import { dictValues, refuseTakenCode } from './dicts';
import { boundedCell, cellText, reportWorkbook, rowErrors, sendWorkbook, sheetColumns, uploadScope } from './excel-sheets';
import { DICT_SOURCE } from './list-sources';
import { logOperation, OP_EXPORT } from './oplog';

const TITLE = '字典信息';
const MAX_EXPORT_DICTS = 5_000;
/**
 * One sheet row per dictionary item (the reference nests the items under their dictionary); a dictionary
 * without items has one row with empty item cells. Rows of the same 字典编码 form one dictionary on import.
 */
const COLUMNS = [
  ['dictName', '字典名称'],
  ['dictCode', '字典编码'],
  ['description', '描述'],
  ['itemText', '字典项名称'],
  ['itemValue', '字典项值'],
  ['itemDescription', '字典项描述'],
  ['sortOrder', '排序值'],
  ['status', '是否启用'],
] as const;
const HEADERS = COLUMNS.map(([, label]) => label);
const IMPORT_FIELDS = sheetColumns(COLUMNS);
const STATUS_TEXT: Record<string, string> = { '1': '启用', '0': '禁用' };
const STATUS_VALUE = new Map([
  ['启用', '1'],
  ['禁用', '0'],
]);

async function exportRows(db: Db, dictIds: string[]): Promise<Array<Array<string | number | null>>> {
  if (dictIds.length === 0) return [];
  const dicts = await db.selectFrom('sys_dict').selectAll().where('id', 'in', dictIds).orderBy('dict_code').execute();
  const items = await db
    .selectFrom('sys_dict_item')
    .selectAll()
    .where('dict_id', 'in', dictIds)
    .orderBy('sort_order')
    .orderBy('item_value')
    .execute();
  const rows: Array<Array<string | number | null>> = [];
  for (const d of dicts) {
    const own = items.filter((i) => i.dict_id === d.id);
    const head = [d.dict_name, d.dict_code, d.description];
    if (own.length === 0) rows.push([...head, null, null, null, null, null]);
    for (const i of own)
      rows.push([...head, i.item_text, i.item_value, i.description, i.sort_order, STATUS_TEXT[String(i.status)] ?? String(i.status)]);
  }
  return rows;
}

/** Saves one sheet row; `created` maps the codes of dictionaries this file created to their ids. */
async function saveRow(db: Db, row: SheetRow, operator: SessionUser, created: Map<string, string>): Promise<string[]> {
  return rowErrors(async () => {
    const dict = dictValues({
      dictName: boundedCell(row.input.dictName, '字典名称', 100),
      dictCode: boundedCell(row.input.dictCode, '字典编码', 100),
      description: boundedCell(row.input.description, '描述', 255),
    });
    const itemText = boundedCell(row.input.itemText, '字典项名称', 100);
    const itemValue = boundedCell(row.input.itemValue, '字典项值', 100);
    const status = cellText(row.input.status);
    const item =
      itemText || itemValue
        ? itemValues({
            itemText,
            itemValue,
            description: boundedCell(row.input.itemDescription, '字典项描述', 255),
            sortOrder: cellText(row.input.sortOrder),
            status: STATUS_VALUE.get(status) ?? status,
          })
        : null;
    const known = created.get(dict.dict_code);
    if (!known) await refuseTakenCode(db, dict.dict_code);
    else if (item) await refuseTakenValue(db, known, item.item_value);
    const dictId = known ?? newId();
    await withTransaction(db, async (trx) => {
      if (!known)
        await trx
          .insertInto('sys_dict')
          .values({ id: dictId, ...dict, del_flag: 0, ...auditInsert(operator.username) })
          .execute();
      if (item)
        await trx
          .insertInto('sys_dict_item')
          .values({ id: newId(), dict_id: dictId, ...item, ...auditInsert(operator.username) })
          .execute();
    });
    created.set(dict.dict_code, dictId);
  });
}

/** GET /sys/dict/exportXls and POST /sys/dict/importExcel (DictList toolbar). */
export async function dictExcelRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  api.route<{ Querystring: ListParams }>({
    method: ['GET', 'POST'],
    url: '/sys/dict/exportXls',
    config: { permission: 'dict:export' },
    handler: async (request, reply) => {
      const { user } = requireSession(request);
      const selections =
        typeof request.query.selections === 'string' ? idList(request.query.selections, '选中的行', { required: false }) : [];
      const where = [sql<boolean>`del_flag = 0`, ...(selections.length ? [sql<boolean>`id in (${sql.join(selections)})`] : [])];
      const params: ListParams = { ...request.query, pageNo: '1', pageSize: String(MAX_EXPORT_DICTS) };
      const page = await runListQuery(db, DICT_SOURCE, params, { where, maxPageSize: MAX_EXPORT_DICTS, dictTexts: false });
      const rows = await exportRows(
        db,
        page.records.map((r) => String(r.id)),
      );
      const buffer = await reportWorkbook(TITLE, user.realname ?? user.username, HEADERS, rows);
      await logOperation(db, request, OP_EXPORT, `字典导出：${page.records.length}个字典，${rows.length}行`);
      return sendWorkbook(reply, buffer, `${TITLE}.xlsx`, 'dicts.xlsx');
    },
  });

  await uploadScope(api, (scope) => {
    scope.post('/sys/dict/importExcel', { config: { permission: 'dict:import' } }, (request) => {
      const created = new Map<string, string>();
      return importWith(db, request, {
        label: '字典',
        rows: (file) => readSheetRows({ fields: IMPORT_FIELDS }, file),
        save: (row, operator, trx) => saveRow(trx, row, operator, created),
      });
    });
  });
}
