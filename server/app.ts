import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/types';
import { enforceRouteDeclarations, installAccessControl } from './core/access-control';
import type { AppDeps } from './core/deps';
import { installErrorHandler } from './core/errors';
import { installHealthRoutes } from './core/health';
import { installCacheInvalidation } from './core/cache-invalidation';
import { installHttpSecurity } from './core/http-security';
import { installJsonBodyParser } from './core/json-body';
import { installLazyValidation } from './core/validation';
import { installTextInputCheck } from './core/text-input';
import { installRequestTiming } from './core/sys-log';
import { AppMetrics, installMetrics } from './core/metrics';
import { createSmsProvider, type SmsProvider } from './core/sms';
import { attachCache, createSharedState, ReadCache, type SharedState } from './core/shared-state';
import { resolveTokenSecret, TokenService } from './core/tokens';
import { NoticeHub } from './modules/socket/notices';
import { installNotFound } from './client-static';
import { API_MODULES } from './modules';

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  /** directory of the built client (dist/); omitted = API only */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** replaces the configured SMS provider (tests) */
  sms?: SmsProvider;
  /** shared state made by the caller (closed by the caller); default: from config.redisUrl, closed with the app */
  shared?: SharedState;
  /** sees every route as it is registered (tools/code-health.ts counts the routes without a schema) */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole HTTP application, not listening yet: API modules under config.apiBase plus the client. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    // registering every module (entity tables synced, pages derived) takes seconds on a loaded 2-core machine;
    // avvio's 10 s default turned that into "Plugin did not start in time"
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const secret = await resolveTokenSecret(db, config.tokenSecret);
  const shared = options.shared ?? (await createSharedState(config));
  if (!options.shared) app.addHook('onClose', () => shared.close());
  const cache = new ReadCache(shared, config.cacheTtlMs);
  attachCache(db, cache);
  const deps: AppDeps = {
    db,
    config,
    tokens: new TokenService(db, secret, cache),
    sms: options.sms ?? createSmsProvider(config.smsProvider, db),
    shared,
    cache,
    notices: new NoticeHub(shared),
    metrics: new AppMetrics(db),
  };
  app.decorate('deps', deps);

  installRequestTiming(app);
  installMetrics(app, deps.metrics, config);
  installJsonBodyParser(app);
  installLazyValidation(app);
  installTextInputCheck(app);
  installErrorHandler(app);
  installHttpSecurity(app, config.corsOrigins);
  enforceRouteDeclarations(app);
  installAccessControl(app, deps);
  installCacheInvalidation(app, cache);

  installHealthRoutes(app, db, config.apiBase);
  await app.register(
    async (api) => {
      for (const mod of API_MODULES) await mod(api, deps);
    },
    { prefix: config.apiBase },
  );
  await installNotFound(app, config.apiBase, options.clientDir);
  return app;
}
