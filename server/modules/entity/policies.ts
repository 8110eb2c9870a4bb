import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import type { Db } from '../../db/types';
import type { EntityDefinition } from './definitions';
import type { SqlValue } from './field-values';
import type { Condition } from './list-conditions';

/**
 * The rows one caller may reach in one entity table. A module returns it from the table's policy
 * `scope`; null means every row (staff, administrators).
 */
export interface RowScope {
  /** the condition (on the table's own columns) the caller's rows meet */
  where: Condition;
  /** properties set from the caller on add and edit, whatever the body says (e.g. the owner's company id) */
  owned: Record<string, SqlValue | null>;
  /** properties the caller may not set (status, login account …): dropped from the body */
  ignored?: readonly string[];
  /** the plain refusal for a row outside the scope */
  refusal: string;
}

export type WriteMode = 'add' | 'edit' | 'delete';

export interface WriteContext {
  request: FastifyRequest;
  db: Db;
  mode: WriteMode;
  /** the row's id (edit, delete); null on add */
  id: string | null;
  /** the request body (add, edit), already stripped of the scope's ignored properties; may be changed */
  body: Record<string, unknown>;
  /** the caller's scope, null when unrestricted */
  scope: RowScope | null;
}

/** What a module declares for an entity table: who reaches which rows, and checks before a write. */
export interface EntityPolicy {
  scope?: (request: FastifyRequest) => Promise<RowScope | null>;
  /** throws businessError to refuse; runs before the row is validated */
  beforeWrite?: (ctx: WriteContext) => Promise<void>;
  /** removes what belongs to the records (links to them), in the transaction that deletes them */
  beforeDelete?: (trx: Db, ids: readonly string[]) => Promise<void>;
}

const policies = new Map<string, EntityPolicy>();

/** Declares the row scope and write checks of an entity table (its list, queryById, add, edit, delete, export, import, sub-lists). */
export function registerEntityPolicy(table: string, policy: EntityPolicy): void {
  policies.set(table, policy);
}

export async function scopeOf(def: EntityDefinition, request: FastifyRequest): Promise<RowScope | null> {
  const scope = policies.get(def.table)?.scope;
  return scope ? await scope(request) : null;
}

/** Refuses with the scope's message unless every id names a row inside it (missing rows stay 未找到对应数据 for the caller). */
export async function requireInScope(db: Db, def: EntityDefinition, scope: RowScope | null, ids: readonly string[]): Promise<void> {
  if (!scope || ids.length === 0) return;
  const res = await sql<{ id: string }>`select ${sql.id(def.id.column)} as id from ${sql.table(def.table)}
    where ${sql.id(def.id.column)} in (${sql.join([...ids])}) and not coalesce((${scope.where}), false)`.execute(db);
  if (res.rows.length > 0) throw businessError(scope.refusal);
}

/** The body as this caller may send it: ignored properties dropped, owned ones set. */
export function scopedBody(def: EntityDefinition, scope: RowScope | null, body: Record<string, unknown>): Record<string, unknown> {
  if (!scope) return body;
  const out = { ...body };
  for (const p of scope.ignored ?? []) delete out[p];
  for (const [property, value] of Object.entries(scope.owned)) {
    if (def.fields.some((f) => f.property === property)) out[property] = value;
  }
  return out;
}

export async function runBeforeWrite(def: EntityDefinition, ctx: Omit<WriteContext, 'scope'> & { scope: RowScope | null }): Promise<void> {
  const check = policies.get(def.table)?.beforeWrite;
  if (check) await check(ctx);
}

export function hasBeforeDelete(def: EntityDefinition): boolean {
  return policies.get(def.table)?.beforeDelete !== undefined;
}

export async function runBeforeDelete(def: EntityDefinition, trx: Db, ids: readonly string[]): Promise<void> {
  const remove = policies.get(def.table)?.beforeDelete;
  if (remove) await remove(trx, ids);
}
