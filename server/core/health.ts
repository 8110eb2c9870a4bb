import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/types';

/** How long /ready waits for `select 1` before it answers 503. */
export const READY_TIMEOUT_MS = 2_000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const query = sql<{ one: number }>`select 1 as one`
    .execute(db)
    .then((res) => Number(res.rows[0]?.one) === 1)
    .catch(() => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health (liveness: the process answers, no database) and GET /ready (readiness: the database answers
 * `select 1` within READY_TIMEOUT_MS, else 503), at the server root and under the API base, public.
 */
export function installHealthRoutes(app: FastifyInstance, db: Db, apiBase: string): void {
  const bases = apiBase === '' ? [''] : ['', apiBase];
  for (const base of bases) {
    app.get(`${base}/health`, { config: { public: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ status: 'UP' }),
    );
    app.get(`${base}/ready`, { config: { public: true } }, async (_request, reply) => {
      const up = await databaseAnswers(db);
      return reply
        .code(up ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(up ? { status: 'UP', database: 'UP' } : { status: 'DOWN', database: 'DOWN' });
    });
  }
}
