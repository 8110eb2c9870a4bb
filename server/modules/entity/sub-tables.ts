import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import type { EntityDefinition, EntityField, SubTable } from './definitions';
import type { SqlValue } from './field-values';
import { selectList, toRecord } from './list-query';
import { RowValidator } from './row-validator';
import { hasBeforeDelete, requireInScope, scopeOf } from './policies';

/** Upper limit of rows one sub-table may send in one save. */
export const MAX_SUB_ROWS = 5000;

type User = { username: string; orgCode: string | null };
type Insert = (db: Db, def: EntityDefinition, values: Record<string, SqlValue | null>, user: User) => Promise<string>;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function foreignKeyOf(sub: SubTable): EntityField {
  const field = sub.entity.fields.find((f) => f.property === sub.foreignKey);
  if (!field) throw new Error(`foreign key ${sub.foreignKey} missing in ${sub.entity.table}`);
  return field;
}

/** Runs `work` in one transaction when the entity has sub-tables (main and sub rows commit together). */
export async function withSubTables<T>(db: Db, def: EntityDefinition, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!def.subTables.length && !hasBeforeDelete(def)) return work(db);
  return db.transaction().execute((tx) => work(tx));
}

/**
 * Saves the sub rows a master form sent: rows with a known id are updated, rows without one are
 * inserted, and the main record's other rows (removed in the grid) are deleted. Properties the body
 * does not carry leave that sub-table untouched.
 */
export async function saveSubTables(
  tx: Db,
  def: EntityDefinition,
  mainId: string,
  body: Record<string, unknown>,
  user: User,
  insert: Insert,
): Promise<void> {
  for (const sub of def.subTables) {
    const raw = body[sub.property];
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) throw businessError(`${sub.entity.label}数据格式不正确`);
    if (raw.length > MAX_SUB_ROWS) throw businessError(`${sub.entity.label}一次最多保存${MAX_SUB_ROWS}条数据`);
    const fk = foreignKeyOf(sub);
    const idCol = sub.entity.id.column;
    const existing = await sql<{
      id: string;
    }>`select ${sql.id(idCol)} as id from ${sql.table(sub.entity.table)} where ${sql.id(fk.column)} = ${mainId}`.execute(tx);
    const known = new Set(existing.rows.map((r) => String(r.id)));
    const kept = new Set<string>();
    const validator = new RowValidator(tx, sub.entity);
    for (const [index, item] of raw.entries()) {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) throw businessError(`${sub.entity.label}数据格式不正确`);
      const row = { ...(item as Record<string, unknown>), [sub.foreignKey]: mainId };
      const rowId = row[sub.entity.id.property];
      const isUpdate = typeof rowId === 'string' && known.has(rowId);
      const check = await validator.check(row, isUpdate ? 'edit' : 'add', isUpdate ? rowId : null);
      if (check.errors.length) throw businessError(`${sub.entity.label}第${index + 1}行：${check.errors[0]}`);
      if (isUpdate) {
        kept.add(rowId);
        const values: Record<string, SqlValue | null> = { ...check.values };
        if (sub.entity.fields.some((f) => f.audit)) {
          values.update_by = user.username;
          values.update_time = new Date();
        }
        const sets = Object.entries(values).map(([c, v]) => sql`${sql.id(c)} = ${v}`);
        if (sets.length)
          await sql`update ${sql.table(sub.entity.table)} set ${sql.join(sets)} where ${sql.id(idCol)} = ${rowId}`.execute(tx);
      } else {
        await insert(tx, sub.entity, check.values, user);
      }
    }
    const removed = [...known].filter((id) => !kept.has(id));
    if (removed.length) await sql`delete from ${sql.table(sub.entity.table)} where ${sql.id(idCol)} in (${sql.join(removed)})`.execute(tx);
  }
}

/** Deletes the sub rows of the given main records (before the main rows, in the same transaction). */
export async function deleteSubRows(tx: Db, def: EntityDefinition, mainIds: readonly string[]): Promise<void> {
  if (!mainIds.length) return;
  for (const sub of def.subTables) {
    await sql`delete from ${sql.table(sub.entity.table)} where ${sql.id(foreignKeyOf(sub).column)} in (${sql.join([...mainIds])})`.execute(
      tx,
    );
  }
}

/**
 * Rows of one sub-table for one main record, in the order they were entered (orderNum when the
 * sub entity has one): GET `{apiBase}/query{Property}ByMainId?id=` and `{apiBase}/subList/{property}?mainId=`.
 */
export function mountSubTableRoutes(api: FastifyInstance, { db }: AppDeps, def: EntityDefinition, permission: string): void {
  for (const sub of def.subTables) {
    const fk = foreignKeyOf(sub);
    const order = sub.entity.fields.find((f) => f.property === 'orderNum') ?? sub.entity.fields.find((f) => f.property === 'createTime');
    const load = async (request: FastifyRequest, mainId: string) => {
      await requireInScope(db, def, await scopeOf(def, request), [mainId]);
      const orderBy = order
        ? sql`order by ${sql.id(order.column)} asc, ${sql.id(sub.entity.id.column)} asc`
        : sql`order by ${sql.id(sub.entity.id.column)} asc`;
      const res = await sql<Record<string, unknown>>`select ${selectList(sub.entity.fields)} from ${sql.table(sub.entity.table)}
        where ${sql.id(fk.column)} = ${mainId} ${orderBy}`.execute(db);
      return ok(res.rows.map(toRecord));
    };
    const id = text('主键', 64, { minLength: 1 });
    api.get<{ Querystring: { id: string } }>(
      `${def.apiBase}/query${capitalised(sub.property)}ByMainId`,
      { config: { permission }, schema: { querystring: objectSchema({ id }, ['id']) } },
      (request) => load(request, request.query.id),
    );
    api.get<{ Querystring: { mainId?: string; id?: string } }>(
      `${def.apiBase}/subList/${sub.property}`,
      { config: { permission }, schema: { querystring: objectSchema({ mainId: id, id }) } },
      (request) => {
        const mainId = request.query.mainId ?? request.query.id;
        if (!mainId) throw businessError('主表ID不能为空');
        return load(request, mainId);
      },
    );
  }
}
