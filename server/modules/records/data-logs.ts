import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { LIST_QUERY, objectSchema, text } from '../../core/schemas';
import { runListQuery, toRecord, type ListParams, type ListSource } from '../entity/list-query';
import { entityDefinitions } from '../entity';

export const DATA_LOG_PERMISSION = 'system:dataLog:list';

export const DATA_LOG_SOURCE: ListSource = {
  table: 'sys_data_log',
  idProperty: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'dataTable', column: 'data_table', type: 'string', match: 'contains' },
    { property: 'dataId', column: 'data_id', type: 'string' },
    { property: 'dataVersion', column: 'data_version', type: 'int' },
    { property: 'dataContent', column: 'data_content', type: 'text' },
    { property: 'createBy', column: 'create_by', type: 'string' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
  ],
};

const COLUMNS = [
  'id',
  'data_table as dataTable',
  'data_id as dataId',
  'data_version as dataVersion',
  'data_content as dataContent',
  'create_by as createBy',
  'create_time as createTime',
] as const;

/** The labels of an entity's fields (字段名 in the compare), so the dialog can show 职务名称 rather than name. */
function fieldLabels(table: string): Record<string, string> {
  const def = entityDefinitions().find((d) => d.table === table);
  if (!def) return {};
  return Object.fromEntries(def.fields.filter((f) => f.label).map((f) => [f.property, f.label!]));
}

/** 数据日志: versions of entity-engine records; list, versions of one record, and two versions to compare. */
export function dataLogRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: ListParams }>(
    '/sys/dataLog/list',
    { config: { permission: DATA_LOG_PERMISSION }, schema: { querystring: LIST_QUERY } },
    async (request) => ok(await runListQuery(db, DATA_LOG_SOURCE, request.query)),
  );

  api.get<{ Querystring: { dataTable: string; dataId: string } }>(
    '/sys/dataLog/queryDataVerList',
    {
      config: { permission: DATA_LOG_PERMISSION },
      schema: {
        querystring: objectSchema(
          { dataTable: text('表名', 64, { minLength: 1 }), dataId: text('数据ID', 64, { minLength: 1 }), _t: text('时间戳', 20) },
          ['dataTable', 'dataId'],
        ),
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('sys_data_log')
        .select([...COLUMNS])
        .where('data_table', '=', request.query.dataTable)
        .where('data_id', '=', request.query.dataId)
        .orderBy('data_version', 'asc')
        .execute();
      return ok(rows.map((r) => toRecord(r)));
    },
  );

  api.get<{ Querystring: { dataId1: string; dataId2: string } }>(
    '/sys/dataLog/queryCompareList',
    {
      config: { permission: DATA_LOG_PERMISSION },
      schema: {
        querystring: objectSchema(
          { dataId1: text('版本1', 32, { minLength: 1 }), dataId2: text('版本2', 32, { minLength: 1 }), _t: text('时间戳', 20) },
          ['dataId1', 'dataId2'],
        ),
      },
    },
    async (request) => {
      const { dataId1, dataId2 } = request.query;
      const rows = await db
        .selectFrom('sys_data_log')
        .select([...COLUMNS])
        .where('id', 'in', [dataId1, dataId2])
        .execute();
      const first = rows.find((r) => r.id === dataId1);
      const second = rows.find((r) => r.id === dataId2);
      if (!first || !second) throw businessError('未找到对应数据');
      if (first.dataTable !== second.dataTable || first.dataId !== second.dataId)
        throw businessError('请选择相同的数据库表和数据ID进行比较');
      const [older, newer] = first.dataVersion <= second.dataVersion ? [first, second] : [second, first];
      const labels = fieldLabels(older.dataTable);
      return ok([
        { ...toRecord(older), fieldLabels: labels },
        { ...toRecord(newer), fieldLabels: labels },
      ]);
    },
  );
}
