import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import type { JsonValue } from '../../core/json';
import { isStrongPassword } from '../../core/passwords';
import type { Db } from '../../db/types';
import { readSheetRows } from '../entity/excel-rows';
import { importWith } from '../entity/import';
import { cellText, reportWorkbook, rowErrors, sendWorkbook, sheetColumns, uploadScope } from './excel-sheets';
import { logOperation, OP_EXPORT } from './oplog';
import { newPassword, newUsername, refuseDuplicates, userFields, type UserBody } from './user-form';
import { dictMaps } from './user-json';
import { queryUserList, userListRules, type UserListQuery } from './user-query';
import { USER_LIST_QUERY } from './users-read';
import { createUser } from './users-write';
import { MULTIPART } from '../../core/schemas';

const TITLE = '用户信息';
const MAX_EXPORT_PAGES = 50;
const EXPORT_PAGE_SIZE = 1000;

/** Columns of the export; the import reads those it can (by header), plus 密码. */
const EXPORT_COLUMNS: ReadonlyArray<readonly [header: string, cell: (r: Record<string, JsonValue>) => JsonValue | undefined]> = [
  ['用户账号', (r) => r.username],
  ['用户姓名', (r) => r.realname],
  ['性别', (r) => r.sex_dictText],
  ['生日', (r) => r.birthday],
  ['手机号码', (r) => r.phone],
  ['邮箱', (r) => r.email],
  ['工号', (r) => r.workNo],
  ['座机', (r) => r.telephone],
  ['身份', (r) => r.userIdentity_dictText],
  ['所属部门', (r) => r.orgCodeTxt],
  ['状态', (r) => r.status_dictText],
];

const IMPORT_FIELDS = sheetColumns([
  ['username', '用户账号'],
  ['realname', '用户姓名'],
  ['password', '密码'],
  ['sex', '性别'],
  ['birthday', '生日', 'date'],
  ['phone', '手机号码'],
  ['email', '邮箱'],
  ['workNo', '工号'],
  ['telephone', '座机'],
  ['userIdentity', '身份'],
]);

const exportCell = (v: JsonValue | undefined): string | number | null =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? String(v) : v;

/** The rows /sys/user/list would show the caller for these filters (data rules included), or the selected ones. */
async function exportRows(db: Db, query: UserListQuery & { selections?: string }, rules: Awaited<ReturnType<typeof userListRules>>) {
  const params: UserListQuery = { ...query, pageSize: String(EXPORT_PAGE_SIZE) };
  delete params.selections;
  if (query.selections?.trim()) params.code = query.selections;
  if (!params.column) Object.assign(params, { column: 'createTime,id', order: 'desc' });
  const rows: Array<Array<string | number | null>> = [];
  for (let pageNo = 1; pageNo <= MAX_EXPORT_PAGES; pageNo++) {
    const page = await queryUserList(db, { ...params, pageNo: String(pageNo) }, rules);
    rows.push(...page.records.map((r) => EXPORT_COLUMNS.map(([, cell]) => exportCell(cell(r)))));
    if (params.code || page.records.length < EXPORT_PAGE_SIZE) break;
  }
  return rows;
}

/** Text or value of a dictionary item → its value (unknown text passes through to the form check). */
function dictValue(map: ReadonlyMap<string, string> | undefined, text: string): string {
  for (const [value, label] of map ?? []) if (label === text) return value;
  return text;
}

/** Imported accounts without a 密码 cell get a random strong password nobody knows; an administrator resets it. */
const generatedPassword = () => `${randomBytes(18).toString('base64url')}#7a`;

/** GET /sys/user/exportXls and POST /sys/user/importExcel (UserList toolbar). */
export async function userExcelRoutes(api: FastifyInstance, { db }: AppDeps): Promise<void> {
  api.route<{ Querystring: UserListQuery & { selections?: string } }>({
    method: ['GET', 'POST'],
    url: '/sys/user/exportXls',
    config: { permission: 'user:export' },
    schema: {
      querystring: {
        ...USER_LIST_QUERY,
        properties: { ...USER_LIST_QUERY.properties, selections: { type: 'string', title: '选中的行', maxLength: 40000 } },
      },
    },
    handler: async (request, reply) => {
      const { user } = requireSession(request);
      const rows = await exportRows(db, request.query, await userListRules(db, request));
      const buffer = await reportWorkbook(
        TITLE,
        user.realname ?? user.username,
        EXPORT_COLUMNS.map(([header]) => header),
        rows,
      );
      await logOperation(db, request, OP_EXPORT, `用户导出：${rows.length}行`);
      return sendWorkbook(reply, buffer, `${TITLE}.xlsx`, 'users.xlsx');
    },
  });

  await uploadScope(api, (scope) => {
    scope.post('/sys/user/importExcel', { config: { permission: 'user:import' }, schema: MULTIPART }, async (request) => {
      const dicts = await dictMaps(db, ['sex', 'user_identity']);
      return importWith(db, request, {
        label: '用户',
        rows: (file) => readSheetRows({ fields: IMPORT_FIELDS }, file),
        save: (row, operator, trx) =>
          rowErrors(async () => {
            const text = (property: string) => cellText(row.input[property]);
            const body: UserBody = {
              username: text('username'),
              realname: text('realname'),
              workNo: text('workNo'),
              phone: text('phone'),
              email: text('email'),
              telephone: text('telephone'),
              birthday: text('birthday'),
              sex: dictValue(dicts.get('sex'), text('sex')),
              userIdentity: dictValue(dicts.get('user_identity'), text('userIdentity')),
            };
            const username = newUsername(body);
            const password = text('password') ? newPassword({ password: text('password') }) : generatedPassword();
            if (!isStrongPassword(password)) throw new Error('generated password is not strong');
            const fields = userFields(body);
            await refuseDuplicates(trx, { username, ...fields });
            await createUser(trx, { username, password, fields, roleIds: [], departIds: [] }, operator.username);
          }),
      });
    });
  });
}
