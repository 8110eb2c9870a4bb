import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { requireGrants } from '../../core/access-control';
import { businessError, forbidden, okMessage } from '../../core/envelope';
import { hasAnyCode } from '../../core/permissions';
import { objectSchema, text } from '../../core/schemas';

export interface DuplicateTarget {
  table: string;
  /** SQL column compared with fieldVal */
  column: string;
  /** SQL column compared with dataId (the row being edited); default "id" */
  idColumn?: string;
  /** codes of which the caller must hold one to check this pair (the screen's add/edit codes); none = any signed-in user */
  permission?: string | readonly string[];
}

type RegisteredTarget = Required<Omit<DuplicateTarget, 'permission'>> & Pick<DuplicateTarget, 'permission'>;

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const registry = new Map<string, RegisteredTarget>();
const keyOf = (table: string, field: string) => `${table}\u0000${field}`;
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Allows GET /sys/duplicate/check for (table, column); the client may name the column in snake_case
 * or camelCase. Entity `unique` columns are registered by the entity engine; other modules add theirs.
 */
export function registerDuplicateCheck(target: DuplicateTarget): void {
  const full: RegisteredTarget = { idColumn: 'id', ...target };
  for (const name of [full.table, full.column, full.idColumn]) {
    if (!IDENTIFIER.test(name)) throw new Error(`duplicate check: ${name} is not a plain identifier`);
  }
  registry.set(keyOf(full.table, full.column), full);
}

export function duplicateTarget(tableName: string, fieldName: string): RegisteredTarget | undefined {
  return registry.get(keyOf(tableName.trim(), snake(fieldName.trim())));
}

/**
 * Tables whose unique columns are known only at request time (online forms): the resolver answers the target of
 * (table, column) after its own access check (throwing a refusal), or undefined when it does not serve the pair.
 */
export type DuplicateResolver = (
  request: FastifyRequest,
  db: Db,
  tableName: string,
  fieldName: string,
) => Promise<DuplicateTarget | undefined>;
const resolvers = new Map<string, DuplicateResolver>();

export function registerDuplicateResolver(name: string, resolve: DuplicateResolver): void {
  resolvers.set(name, resolve);
}

async function resolveTarget(request: FastifyRequest, db: Db, tableName: string, fieldName: string): Promise<RegisteredTarget | undefined> {
  for (const resolve of resolvers.values()) {
    const target = await resolve(request, db, tableName.trim(), fieldName.trim());
    if (target) return { idColumn: 'id', ...target };
  }
  return undefined;
}

interface DuplicateQuery {
  tableName: string;
  fieldName: string;
  fieldVal?: string;
  dataId?: string;
}

/** GET /sys/duplicate/check over registered pairs only; values bound. */
export function mountDuplicateCheck(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: DuplicateQuery }>(
    '/sys/duplicate/check',
    {
      config: { authenticated: true },
      schema: {
        querystring: objectSchema(
          {
            tableName: text('表名', 64, { minLength: 1 }),
            fieldName: text('字段名', 64, { minLength: 1 }),
            fieldVal: text('校验值', 1000),
            dataId: text('数据ID', 64),
          },
          ['tableName', 'fieldName'],
        ),
      },
    },
    async (request) => {
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      const target = duplicateTarget(tableName, fieldName) ?? (await resolveTarget(request, db, tableName, fieldName));
      if (!target) throw businessError('该字段不支持重复校验');
      if (target.permission && !hasAnyCode(await requireGrants(request, db), target.permission)) throw forbidden();
      if (fieldVal === undefined || fieldVal === '') {
        return { success: true, message: '数据为空,不作处理！', code: 500, result: null, timestamp: Date.now() };
      }
      const res = await sql<{
        one: number;
      }>`select 1 as one from ${sql.table(target.table)} where cast(${sql.id(target.column)} as text) = ${fieldVal}
        ${dataId ? sql`and cast(${sql.id(target.idColumn)} as text) <> ${dataId}` : sql``} limit 1`.execute(db);
      if (res.rows.length > 0) throw businessError('该值不可用，系统中已存在！');
      return okMessage('该值可用！');
    },
  );
}
