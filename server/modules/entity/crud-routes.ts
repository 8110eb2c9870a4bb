import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { bodySchema, idsText, LIST_QUERY, objectSchema, text } from '../../core/schemas';
import { LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../core/sys-log';
import type { Db } from '../../db/types';
import { recordDataVersion } from './data-log';
import type { EntityAction, EntityDefinition, EntityMessage } from './definitions';
import type { SqlValue } from './field-values';
import { runListQuery, selectList, toRecord, type FieldType, type ListOptions, type ListParams } from './list-query';
import { RowValidator, type ColumnValues } from './row-validator';
import { deleteSubRows, saveSubTables, withSubTables } from './sub-tables';
import { requireInScope, runBeforeDelete, runBeforeWrite, scopedBody, scopeOf } from './policies';

export const MAX_BATCH_IDS = 1000;
export const NOT_FOUND = '未找到对应数据';

/** Extra list options for an entity's table (data rules, object-level conditions), set by other modules. */
export type ListOptionsProvider = (request: FastifyRequest) => ListOptions | Promise<ListOptions>;
const listOptionProviders = new Map<string, ListOptionsProvider>();

/** Lets a module add data rules or conditions to the standard `list` and `exportXls` of an entity table. */
export function registerEntityListOptions(table: string, provider: ListOptionsProvider): void {
  listOptionProviders.set(table, provider);
}

/** The list options other modules registered, plus the condition of the caller's row scope. */
export async function entityListOptions(def: EntityDefinition, request: FastifyRequest): Promise<ListOptions> {
  const provider = listOptionProviders.get(def.table);
  const options = provider ? await provider(request) : {};
  const scope = await scopeOf(def, request);
  return scope ? { ...options, where: [...(options.where ?? []), scope.where] } : options;
}

/** The code an action checks: the entity's own for that action, else `<permissionPrefix>:<action>`. */
export const permissionOf = (def: EntityDefinition, action: EntityAction): string =>
  def.json.permissions?.[action] ?? `${def.permissionPrefix}:${action}`;

const DEFAULT_MESSAGES: Record<EntityMessage, string> = {
  add: '添加成功！',
  edit: '编辑成功!',
  delete: '删除成功!',
  deleteBatch: '批量删除成功!',
  notFound: NOT_FOUND,
  editNotFound: NOT_FOUND,
};

const messageOf = (def: EntityDefinition, key: EntityMessage): string => {
  const own = def.json.messages;
  return own?.[key] ?? (key === 'editNotFound' ? own?.notFound : undefined) ?? DEFAULT_MESSAGES[key];
};

/** Inserts checked values plus id and audit columns; returns the new id. */
export async function insertRow(
  db: Db,
  def: EntityDefinition,
  values: ColumnValues,
  user: { username: string; orgCode: string | null },
): Promise<string> {
  const id = newId();
  const row: Record<string, SqlValue | null> = { ...values, [def.id.column]: id };
  if (def.fields.some((f) => f.audit)) {
    row.create_by = user.username;
    row.create_time = new Date();
    row.sys_org_code = user.orgCode;
  }
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(def.table)} (${sql.join(columns.map((c) => sql.id(c)))})
    values (${sql.join(columns.map((c) => row[c] ?? null))})`.execute(db);
  return id;
}

/** Rows per INSERT of an import: each statement short, so the embedded database serves others between them. */
const ROWS_PER_INSERT = 1000;

/** The base type each column's text is cast to (the column's own type then applies, with its length and scale checks). */
const BASE_TYPE: Record<FieldType, string> = {
  string: 'text',
  text: 'text',
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
};

const asText = (v: SqlValue | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);

/**
 * Inserts many checked rows (imports; a row may bring its id, for sub rows that point at it): one statement per ROWS_PER_INSERT rows, each column bound as ONE text
 * array and unnested, so a statement costs one parse however many rows it carries. Every row has the same
 * columns (the validator gives every writable field in add mode).
 */
export async function insertRows(
  db: Db,
  def: EntityDefinition,
  rows: ColumnValues[],
  user: { username: string; orgCode: string | null },
): Promise<void> {
  if (rows.length === 0) return;
  const audit = def.fields.some((f) => f.audit);
  const now = new Date();
  const full = rows.map((values) => {
    const row: Record<string, SqlValue | null> = { ...values, [def.id.column]: values[def.id.column] ?? newId() };
    if (audit) Object.assign(row, { create_by: user.username, create_time: now, sys_org_code: user.orgCode });
    return row;
  });
  const byColumn = new Map(def.fields.map((f) => [f.column, f]));
  const columns = Object.keys(full[0]!);
  const casts = columns.map((c) => {
    const field = byColumn.get(c);
    if (!field) throw new Error(`${def.table}: no column ${c}`);
    return BASE_TYPE[field.type];
  });
  const names = columns.map((_, i) => sql.raw(`v${i}`));
  for (let start = 0; start < full.length; start += ROWS_PER_INSERT) {
    const chunk = full.slice(start, start + ROWS_PER_INSERT);
    const arrays = columns.map((c) => sql`${chunk.map((row) => asText(row[c]))}::text[]`);
    await sql`insert into ${sql.table(def.table)} (${sql.join(columns.map((c) => sql.id(c)))})
      select ${sql.join(names.map((n, i) => sql`${n}::${sql.raw(casts[i]!)}`))}
      from unnest(${sql.join(arrays)}) as u(${sql.join(names)})`.execute(db);
  }
}

/** Validates `body` and inserts the record and its sub rows in one transaction (with its first data version); returns the id. */
export async function createRecord(
  db: Db,
  def: EntityDefinition,
  body: Record<string, unknown>,
  user: { username: string; orgCode: string | null },
): Promise<string> {
  const check = await new RowValidator(db, def).check(body, 'add');
  if (check.errors.length) throw businessError(check.errors[0]!);
  return db.transaction().execute(async (tx) => {
    const newId = await insertRow(tx, def, check.values, user);
    await saveSubTables(tx, def, newId, body, user, insertRow);
    await recordDataVersion(tx, def, newId, user.username);
    return newId;
  });
}

/** Validates `body` and updates record `id` (fields absent from the body kept) and its sub rows in one transaction. */
export async function updateRecord(
  db: Db,
  def: EntityDefinition,
  id: string,
  body: Record<string, unknown>,
  user: { username: string; orgCode: string | null },
): Promise<void> {
  const check = await new RowValidator(db, def).check(body, 'edit', id);
  if (check.errors.length) throw businessError(check.errors[0]!);
  const values: Record<string, SqlValue | null> = { ...check.values };
  if (def.fields.some((f) => f.audit)) {
    values.update_by = user.username;
    values.update_time = new Date();
  }
  const sets = Object.entries(values).map(([c, v]) => sql`${sql.id(c)} = ${v}`);
  await db.transaction().execute(async (tx) => {
    if (sets.length) await sql`update ${sql.table(def.table)} set ${sql.join(sets)} where ${sql.id(def.id.column)} = ${id}`.execute(tx);
    await saveSubTables(tx, def, id, body, user, insertRow);
    await recordDataVersion(tx, def, id, user.username);
  });
}

/** Deletes the records, their sub rows and what the table's policy removes with them, in one transaction; answers how many records went. */
export async function deleteRecords(db: Db, def: EntityDefinition, ids: readonly string[]): Promise<number> {
  const res = await withSubTables(db, def, async (tx) => {
    await deleteSubRows(tx, def, ids);
    await runBeforeDelete(def, tx, ids);
    return sql`delete from ${sql.table(def.table)} where ${sql.id(def.id.column)} in (${sql.join([...ids])}) returning ${sql.id(def.id.column)}`.execute(
      tx,
    );
  });
  return res.rows.length;
}

export function idList(raw: string): string[] {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw businessError('请选择要删除的数据');
  if (ids.length > MAX_BATCH_IDS) throw businessError(`一次最多处理${MAX_BATCH_IDS}条数据`);
  if (ids.some((id) => id.length > 64)) throw businessError('参数不正确');
  return ids;
}

async function log(db: Db, request: FastifyRequest, operateType: number, content: string): Promise<void> {
  const { user } = requireSession(request);
  await writeLog(db, {
    logType: LOG_TYPE_OPERATION,
    content,
    operateType,
    userId: user.id,
    username: user.username,
    ...requestLogFields(request),
  });
}

/** list, add, edit (PUT and POST), delete, deleteBatch and queryById at the entity's apiBase. */
export function mountCrudRoutes(api: FastifyInstance, { db }: AppDeps, def: EntityDefinition): void {
  const base = def.apiBase;
  const table = sql.table(def.table);
  const idColumn = sql.id(def.id.column);
  const idQuery = { querystring: objectSchema({ id: text('主键', 64, { minLength: 1 }) }, ['id']) };

  api.get<{ Querystring: ListParams }>(
    `${base}/list`,
    { config: { permission: permissionOf(def, 'list') }, schema: { querystring: LIST_QUERY } },
    async (request) => ok(await runListQuery(db, def, request.query, await entityListOptions(def, request))),
  );

  api.get<{ Querystring: { id: string } }>(
    `${base}/queryById`,
    { config: { permission: permissionOf(def, 'list') }, schema: idQuery },
    async (request) => {
      await requireInScope(db, def, await scopeOf(def, request), [request.query.id]);
      const res = await sql<
        Record<string, unknown>
      >`select ${selectList(def.fields)} from ${table} where ${idColumn} = ${request.query.id}`.execute(db);
      const row = res.rows[0];
      if (!row) throw businessError(messageOf(def, 'notFound'));
      return ok(toRecord(row));
    },
  );

  const recordBody = { body: bodySchema() };
  api.post<{ Body: Record<string, unknown> }>(
    `${base}/add`,
    { config: { permission: permissionOf(def, 'add') }, schema: recordBody },
    async (request) => {
      const { user } = requireSession(request);
      const scope = await scopeOf(def, request);
      const body = scopedBody(def, scope, request.body);
      await runBeforeWrite(def, { request, db, mode: 'add', id: null, body, scope });
      const id = await createRecord(db, def, body, user);
      await log(db, request, 2, `${def.label}添加：${id}`);
      return okMessage(messageOf(def, 'add'));
    },
  );

  api.route<{ Body: Record<string, unknown> }>({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    config: { permission: permissionOf(def, 'edit') },
    schema: recordBody,
    handler: async (request) => {
      const { user } = requireSession(request);
      const scope = await scopeOf(def, request);
      const body = scopedBody(def, scope, request.body);
      const id = body[def.id.property];
      if (typeof id !== 'string' || id.trim() === '' || id.length > 64) throw businessError(messageOf(def, 'editNotFound'));
      const found = await sql`select 1 as one from ${table} where ${idColumn} = ${id}`.execute(db);
      if (found.rows.length === 0) throw businessError(messageOf(def, 'editNotFound'));
      await requireInScope(db, def, scope, [id]);
      await runBeforeWrite(def, { request, db, mode: 'edit', id, body, scope });
      await updateRecord(db, def, id, body, user);
      await log(db, request, 3, `${def.label}编辑：${id}`);
      return okMessage(messageOf(def, 'edit'));
    },
  });

  api.delete<{ Querystring: { id: string } }>(
    `${base}/delete`,
    { config: { permission: permissionOf(def, 'delete') }, schema: idQuery },
    async (request) => {
      const scope = await scopeOf(def, request);
      await requireInScope(db, def, scope, [request.query.id]);
      await runBeforeWrite(def, { request, db, mode: 'delete', id: request.query.id, body: {}, scope });
      if ((await deleteRecords(db, def, [request.query.id])) === 0) throw businessError(NOT_FOUND);
      await log(db, request, 4, `${def.label}删除：${request.query.id}`);
      return okMessage(messageOf(def, 'delete'));
    },
  );

  api.delete<{ Querystring: { ids: string } }>(
    `${base}/deleteBatch`,
    {
      config: { permission: permissionOf(def, 'deleteBatch') },
      schema: { querystring: objectSchema({ ids: idsText('主键', MAX_BATCH_IDS) }, ['ids']) },
    },
    async (request) => {
      const ids = idList(request.query.ids);
      const scope = await scopeOf(def, request);
      await requireInScope(db, def, scope, ids);
      for (const id of ids) await runBeforeWrite(def, { request, db, mode: 'delete', id, body: {}, scope });
      await deleteRecords(db, def, ids);
      await log(db, request, 4, `${def.label}批量删除：${ids.length}条`);
      return okMessage(messageOf(def, 'deleteBatch'));
    },
  );
}
