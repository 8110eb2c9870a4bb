import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { resolveTokenSecret } from '../../core/tokens';
import { registerEntityPolicy } from '../entity/policies';
import { dataSourceKey, decryptPassword, encryptPassword } from './data-source-secret';

export const DATA_SOURCE_PERMISSION = { password: 'system:dataSource:password', test: 'system:dataSource:testConnection' } as const;
export const CONNECT_TIMEOUT_MS = 5_000;

interface SourceRow {
  db_host: string;
  db_port: number;
  db_name: string;
  db_username: string;
  password_enc: string | null;
}

/** Connects, runs `select 1` and closes; the answer is null or the plain reason it failed. */
async function tryConnect(row: SourceRow, password: string | undefined): Promise<string | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: row.db_host,
    port: Number(row.db_port),
    database: row.db_name,
    user: row.db_username,
    ...(password !== undefined ? { password } : {}),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return (password ? text.split(password).join('******') : text).slice(0, 300) || '连接失败';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** 设置密码 and 测试连接 beside the entity CRUD; the password lives encrypted in sys_data_source_secret only. */
export async function dataSourceRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const key = dataSourceKey(await resolveTokenSecret(db, process.env.DATA_SOURCE_KEY || deps.config.tokenSecret));

  registerEntityPolicy('sys_data_source', {
    beforeWrite: async ({ mode, id }) => {
      if (mode === 'delete' && id) await sql`delete from sys_data_source_secret where source_id = ${id}`.execute(db);
    },
  });

  api.put<{ Body: { id: string; password: string } }>(
    '/sys/dataSource/password',
    {
      config: { permission: DATA_SOURCE_PERMISSION.password },
      schema: {
        body: objectSchema({ id: text('主键', 32, { minLength: 1 }), password: text('密码', 200, { minLength: 1 }) }, ['id', 'password']),
      },
    },
    async (request) => {
      const { id, password } = request.body;
      const found = await sql`select id from sys_data_source where id = ${id}`.execute(db);
      if (found.rows.length === 0) throw businessError('未找到对应数据');
      const now = new Date();
      const enc = encryptPassword(key, password);
      await sql`insert into sys_data_source_secret (source_id, password_enc, update_time) values (${id}, ${enc}, ${now})
        on conflict (source_id) do update set password_enc = excluded.password_enc, update_time = excluded.update_time`.execute(db);
      return okMessage('密码已保存');
    },
  );

  api.post<{ Body: { id: string } }>(
    '/sys/dataSource/testConnection',
    {
      config: { permission: DATA_SOURCE_PERMISSION.test },
      schema: { body: objectSchema({ id: text('主键', 32, { minLength: 1 }) }, ['id']) },
    },
    async (request) => {
      const res = await sql<SourceRow>`select s.db_host, s.db_port, s.db_name, s.db_username, k.password_enc
        from sys_data_source s left join sys_data_source_secret k on k.source_id = s.id where s.id = ${request.body.id}`.execute(db);
      const row = res.rows[0];
      if (!row) throw businessError('未找到对应数据');
      let password: string | undefined;
      try {
        password = row.password_enc ? decryptPassword(key, row.password_enc) : undefined;
      } catch {
        throw businessError('已保存的密码无法解密（密钥已更换？），请重新设置密码');
      }
      const reason = await tryConnect(row, password);
      if (reason) throw businessError(`数据库连接失败：${reason}`);
      return okMessage('数据库连接成功');
    },
  );
}
