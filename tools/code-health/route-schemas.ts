/** Builds the application without listening and lists its routes that take input without a schema (./missing-schemas.ts). */
import type { RouteOptions } from 'fastify';
import { methodsOf, missingSchemas, type RouteSchemaGap } from './missing-schemas';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openTestDatabase } from '../../tests/server/support/database';

/** Every route of the application (built on a throwaway PGlite database, not listening) missing a schema. */
export async function routeSchemaGaps(): Promise<{ routes: number; gaps: RouteSchemaGap[] }> {
  const routes: RouteOptions[] = [];
  const database = await openTestDatabase('pglite');
  try {
    const config = testConfig({ tokenSecret: 'code-health-token-secret-not-for-production' });
    const app = await buildApp({ db: database.db, config, onRoute: (route) => routes.push(route) });
    await app.close();
  } finally {
    await database.close();
  }
  const served = routes.filter((r) => !methodsOf(r).every((m) => m === 'HEAD'));
  const gaps = served
    .map((r) => ({ route: `${methodsOf(r).join(',')} ${r.url}`, missing: missingSchemas(r) }))
    .filter((g) => g.missing.length > 0);
  return { routes: served.length, gaps };
}
