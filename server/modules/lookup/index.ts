import type { FastifyRequest } from 'fastify';
import { requireGrants } from '../../core/access-control';
import type { ApiModule } from '../../core/deps';
import { businessError, forbidden, ok } from '../../core/envelope';
import { hasAnyCode, type Grants } from '../../core/permissions';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import {
  LOOKUP_ROW_CAP,
  PLAIN_DICT_CODE,
  plainDictLabels,
  searchPlainDict,
  searchTableDict,
  splitList,
  tableDictLabels,
  treeChildren,
  type DictModel,
} from './dict-queries';
import { mountDictValueRoutes } from './dict-value-routes';
import {
  findTableDict,
  findTreeTable,
  isTableDictCode,
  loadTableDictFiles,
  namesSensitiveField,
  SENSITIVE_FIELD_MESSAGE,
  UNKNOWN_DICT_MESSAGE,
  USER_PICKER_HOLDERS,
  type TableDictEntry,
} from './registry';
import { multiUsers, userPickPage, type UserPickQuery } from './user-queries';

export { registerTableDict, registerTreeTable, USER_PICK_PERMISSION, type TableDictEntry, type TreeTableEntry } from './registry';
export { dictModel, type DictModel } from './dict-queries';

export const CONDITION_REFUSED_MESSAGE = '查询条件格式不正确';

type ResolvedDict = { kind: 'table'; entry: TableDictEntry } | { kind: 'plain'; code: string };

/** The registered entry a client's dictionary code names, checked against the caller's grants. */
export function resolveDictCode(code: string, grants: Grants | null): ResolvedDict {
  const trimmed = code.trim();
  if (isTableDictCode(trimmed)) {
    if (namesSensitiveField(trimmed)) throw businessError(SENSITIVE_FIELD_MESSAGE);
    const entry = findTableDict(trimmed);
    if (!entry) throw businessError(UNKNOWN_DICT_MESSAGE);
    if (entry.permission && !(grants && hasAnyCode(grants, entry.permission))) throw forbidden();
    return { kind: 'table', entry };
  }
  if (!PLAIN_DICT_CODE.test(trimmed)) throw businessError(UNKNOWN_DICT_MESSAGE);
  return { kind: 'plain', code: trimmed };
}

/**
 * Items of a table dictionary ("table,text,code") for GET /sys/dict/getDictItems: null when the code
 * is not in table form (the caller handles plain codes); throws the plain refusal for unregistered ones.
 */
export async function tableDictItems(db: Db, code: string, grants: Grants): Promise<DictModel[] | null> {
  if (!isTableDictCode(code.trim())) return null;
  const resolved = resolveDictCode(code, grants);
  return resolved.kind === 'table' ? searchTableDict(db, resolved.entry, '', LOOKUP_ROW_CAP) : null;
}

async function resolveFor(request: FastifyRequest, db: Db, code: string): Promise<ResolvedDict> {
  return resolveDictCode(code, await requireGrants(request, db));
}

function parseCondition(raw: string | undefined, columns: readonly string[]): Array<[string, string]> {
  if (!raw?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw businessError(CONDITION_REFUSED_MESSAGE);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw businessError(CONDITION_REFUSED_MESSAGE);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > 10) throw businessError(CONDITION_REFUSED_MESSAGE);
  return entries.map(([k, v]) => {
    if (!columns.includes(k)) throw businessError(CONDITION_REFUSED_MESSAGE);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw businessError(CONDITION_REFUSED_MESSAGE);
    return [k, String(v)];
  });
}

const DICT_PARAM = objectSchema({ dict: text('字典Code', 200, { minLength: 1 }) }, ['dict']);
const pageSizeSchema = { type: 'integer', title: '每页条数', minimum: 1, maximum: 100 };

interface TreeQuerystring {
  pid?: string;
  pidField?: string;
  tableName?: string;
  text?: string;
  code?: string;
  hasChildField?: string;
  condition?: string;
}

/** Dictionary searches and labels, tree lookups and user pickers, all through server-side registries. */
export const lookupModule: ApiModule = (api, { db }) => {
  // A bad table-dicts file stops start-up instead of the first lookup.
  loadTableDictFiles();
  api.get<{ Params: { dict: string }; Querystring: { keyword?: string; pageSize?: number } }>(
    '/sys/dict/loadDict/:dict',
    {
      config: { authenticated: true },
      schema: { params: DICT_PARAM, querystring: objectSchema({ keyword: text('关键字', 200), pageSize: pageSizeSchema }) },
    },
    async (request) => {
      const resolved = await resolveFor(request, db, request.params.dict);
      const keyword = request.query.keyword ?? '';
      const limit = request.query.pageSize ?? LOOKUP_ROW_CAP;
      const items =
        resolved.kind === 'table'
          ? await searchTableDict(db, resolved.entry, keyword, limit)
          : await searchPlainDict(db, resolved.code, keyword, limit);
      return ok(items);
    },
  );

  mountDictValueRoutes(api, db, resolveDictCode);

  api.get<{ Params: { dict: string }; Querystring: { key?: string; delNotExist?: string } }>(
    '/sys/dict/loadDictItem/:dict',
    {
      config: { authenticated: true },
      schema: { params: DICT_PARAM, querystring: objectSchema({ key: text('字典值', 4000), delNotExist: text('是否删除不存在的值', 5) }) },
    },
    async (request) => {
      const resolved = await resolveFor(request, db, request.params.dict);
      const keys = splitList(request.query.key);
      const labels =
        resolved.kind === 'table' ? await tableDictLabels(db, resolved.entry, keys) : await plainDictLabels(db, resolved.code, keys);
      const keepMissing = request.query.delNotExist === 'false';
      return ok(keys.flatMap((k) => (labels.has(k) ? [labels.get(k)!] : keepMissing ? [k] : [])));
    },
  );

  api.get<{ Querystring: TreeQuerystring }>(
    '/sys/dict/loadTreeData',
    {
      config: { authenticated: true },
      schema: {
        querystring: objectSchema({
          pid: text('父级ID', 100),
          pidField: text('父级字段', 64),
          tableName: text('表名', 64),
          text: text('显示字段', 64),
          code: text('值字段', 64),
          hasChildField: text('子节点标识字段', 64),
          condition: text('查询条件', 1000),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const entry = findTreeTable(q.tableName ?? '');
      if (!entry) throw businessError(UNKNOWN_DICT_MESSAGE);
      if (entry.permission && !hasAnyCode(await requireGrants(request, db), entry.permission)) throw forbidden();
      const named = [q.text ?? '', q.code ?? '', q.pidField ?? '', ...(q.hasChildField ? [q.hasChildField] : [])];
      if (named.some((c) => !entry.columns.includes(c))) throw businessError(UNKNOWN_DICT_MESSAGE);
      const condition = parseCondition(q.condition, entry.columns);
      return ok(
        await treeChildren(db, entry, {
          pid: (q.pid ?? '').trim(),
          text: q.text!,
          code: q.code!,
          pidField: q.pidField!,
          hasChildField: q.hasChildField ?? '',
          condition,
        }),
      );
    },
  );

  api.get<{ Querystring: UserPickQuery }>(
    '/sys/user/queryUserComponentData',
    {
      config: { permission: [...USER_PICKER_HOLDERS] },
      schema: {
        querystring: objectSchema({
          pageNo: { type: 'integer', title: '页码', minimum: 1, maximum: 100000 },
          pageSize: pageSizeSchema,
          username: text('用户账号', 100),
          realname: text('用户姓名', 100),
          departId: text('部门ID', 32),
          id: text('用户ID', 4000),
          column: text('排序字段', 64),
          order: text('排序方式', 10),
        }),
      },
    },
    async (request) => ok(await userPickPage(db, request.query)),
  );

  api.get<{ Querystring: { id?: string; username?: string } }>(
    '/sys/user/getMultiUser',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ id: text('用户ID', 8000), username: text('用户账号', 8000) }) },
    },
    async (request) => ok(await multiUsers(db, request.query)),
  );
};
