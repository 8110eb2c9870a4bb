import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError } from '../../core/envelope';
import type { SessionUser } from '../../core/tokens';
import type { Db } from '../../db/types';
import { readSheetRows, type SheetRow } from '../entity/excel-rows';
import { importWith } from '../entity/import';
import { CATEGORY_ROOT, insertCategory } from './categories';
import { idList } from './common';
import { boundedCell, reportWorkbook, rowErrors, sendWorkbook, sheetColumns, uploadScope } from './excel-sheets';
import { logOperation, OP_EXPORT } from './oplog';
import type { SysCategory } from './tables';

const TITLE = '分类字典';
const COLUMNS = [
  ['name', '分类名称'],
  ['code', '分类编码'],
  ['parentCode', '父级编码'],
] as const;
const HEADERS = COLUMNS.map(([, label]) => label);
const IMPORT_FIELDS = sheetColumns(COLUMNS);

/** Sheet rows (name, code, parent code) of the chosen categories and all their descendants (everything without a choice). */
async function exportRows(db: Db, chosen: string[]): Promise<Array<Array<string | null>>> {
  const all = await db.selectFrom('sys_category').selectAll().orderBy('code').execute();
  const codeOf = new Map(all.map((c) => [c.id, c.code]));
  const keep = new Set(chosen);
  // ordered by code, so a parent (a prefix of its children's codes) is kept before its children are looked at
  for (const c of all) if (keep.has(c.pid)) keep.add(c.id);
  return all
    .filter((c) => chosen.length === 0 || keep.has(c.id))
    .map((c) => [c.name, c.code, c.pid === CATEGORY_ROOT ? null : (codeOf.get(c.pid) ?? null)]);
}

/**
 * Saves one sheet row. Codes are generated as on add; `codes` maps the codes of this file to the
 * categories created for them, so a child row finds the parent created a few rows above it.
 */
async function saveRow(
  db: Db,
  row: SheetRow,
  operator: SessionUser,
  codes: Map<string, Pick<SysCategory, 'id' | 'code'>>,
): Promise<string[]> {
  return rowErrors(async () => {
    const name = boundedCell(row.input.name, '分类名称', 100);
    if (!name) throw businessError('请输入类型名称!');
    const fileCode = boundedCell(row.input.code, '分类编码', 100);
    const parentCode = boundedCell(row.input.parentCode, '父级编码', 100);
    let parent: Pick<SysCategory, 'id' | 'code'> | null = null;
    if (parentCode && parentCode !== CATEGORY_ROOT) {
      parent =
        codes.get(parentCode) ??
        (await db.selectFrom('sys_category').select(['id', 'code']).where('code', '=', parentCode).executeTakeFirst()) ??
        null;
      if (!parent) throw businessError('父级编码不存在');
    }
    const added = await insertCategory(db, parent, name, operator);
    if (fileCode) codes.set(fileCode, added);
  });
}

/** GET /sys/category/exportXls and POST /sys/category/importExcel (SysCategoryList toolbar). */
export async function categoryExcelRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  api.route<{ Querystring: { selections?: string } }>({
    method: ['GET', 'POST'],
    url: '/sys/category/exportXls',
    config: { permission: 'category:export' },
    handler: async (request, reply) => {
      const { user } = requireSession(request);
      const chosen = typeof request.query.selections === 'string' ? idList(request.query.selections, '选中的行', { required: false }) : [];
      const sheet = await exportRows(db, chosen);
      const buffer = await reportWorkbook(TITLE, user.realname ?? user.username, HEADERS, sheet);
      await logOperation(db, request, OP_EXPORT, `分类字典导出：${sheet.length}行`);
      return sendWorkbook(reply, buffer, `${TITLE}.xlsx`, 'categories.xlsx');
    },
  });

  await uploadScope(api, (scope) => {
    scope.post('/sys/category/importExcel', { config: { permission: 'category:import' } }, (request) => {
      const codes = new Map<string, Pick<SysCategory, 'id' | 'code'>>();
      return importWith(db, request, {
        label: '分类字典',
        rows: (file) => readSheetRows({ fields: IMPORT_FIELDS }, file),
        save: (row, operator, trx) => saveRow(trx, row, operator, codes),
      });
    });
  });
}
