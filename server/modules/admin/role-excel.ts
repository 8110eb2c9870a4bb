import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { newId } from '../../core/ids';
import type { JsonValue } from '../../core/json';
import { readSheetRows } from '../entity/excel-rows';
import { importWith } from '../entity/import';
import { runListQuery, type ListParams } from '../entity/list-query';
import { auditInsert, idList } from './common';
import { cellText, reportWorkbook, rowErrors, sendWorkbook, sheetColumns, uploadScope } from './excel-sheets';
import { ROLE_SOURCE } from './list-sources';
import { logOperation, OP_EXPORT } from './oplog';
import { refuseTakenCode, roleValues } from './roles';

const TITLE = '角色信息';
const MAX_EXPORT_ROWS = 20_000;
const COLUMNS = [
  ['roleName', '角色名称'],
  ['roleCode', '角色编码'],
  ['description', '备注'],
] as const;
const EXPORT_HEADERS = [...COLUMNS.map(([, label]) => label), '创建时间'];
const IMPORT_FIELDS = sheetColumns(COLUMNS);

const exportCell = (v: JsonValue | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** GET /sys/role/exportXls and POST /sys/role/importExcel (RoleList toolbar). */
export async function roleExcelRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  api.route<{ Querystring: ListParams }>({
    method: ['GET', 'POST'],
    url: '/sys/role/exportXls',
    config: { permission: 'role:export' },
    handler: async (request, reply) => {
      const { user } = requireSession(request);
      const params: ListParams = { ...request.query, pageNo: '1', pageSize: String(MAX_EXPORT_ROWS) };
      const selections =
        typeof request.query.selections === 'string' ? idList(request.query.selections, '选中的行', { required: false }) : [];
      const where = selections.length ? [sql<boolean>`id in (${sql.join(selections)})`] : [];
      const page = await runListQuery(db, ROLE_SOURCE, params, { where, maxPageSize: MAX_EXPORT_ROWS, dictTexts: false });
      const rows = page.records.map((r) => [...COLUMNS.map(([property]) => exportCell(r[property])), exportCell(r.createTime)]);
      const buffer = await reportWorkbook(TITLE, user.realname ?? user.username, EXPORT_HEADERS, rows);
      await logOperation(db, request, OP_EXPORT, `角色导出：${rows.length}行`);
      return sendWorkbook(reply, buffer, `${TITLE}.xlsx`, 'roles.xlsx');
    },
  });

  await uploadScope(api, (scope) => {
    scope.post('/sys/role/importExcel', { config: { permission: 'role:import' } }, (request) =>
      importWith(db, request, {
        label: '角色',
        rows: (file) => readSheetRows({ fields: IMPORT_FIELDS }, file),
        save: (row, operator, trx) =>
          rowErrors(async () => {
            const values = roleValues({
              roleName: cellText(row.input.roleName),
              roleCode: cellText(row.input.roleCode),
              description: cellText(row.input.description),
            });
            await refuseTakenCode(trx, values.role_code);
            await trx
              .insertInto('sys_role')
              .values({ id: newId(), ...values, ...auditInsert(operator.username) })
              .execute();
          }),
      }),
    );
  });
}
