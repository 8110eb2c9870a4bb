import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, okCode0 } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { entityDefinitions } from '../entity';
import { jsonRows, optionalText } from './common';

/**
 * GET /sys/position/queryByCode beside the entity engine's /sys/position routes: the
 * position with that code, with the list's permission. The old handler answers code 0.
 */
export function positionRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: { code?: string } }>(
    '/sys/position/queryByCode',
    {
      config: { permission: 'system:position:list' },
      schema: { querystring: objectSchema({ code: text('职务编码', 100), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const code = optionalText(request.query.code);
      if (!code) throw businessError('职务编码不能为空');
      // the table belongs to the entity engine; without its definition there is no position
      if (!entityDefinitions().some((d) => d.table === 'sys_position')) throw businessError('未找到对应实体');
      const res = await sql<Record<string, unknown>>`select * from sys_position where code = ${code} limit 1`.execute(db);
      const [row] = jsonRows(res.rows);
      if (!row) throw businessError('未找到对应实体');
      return okCode0(row);
    },
  );
}
