import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { NoticeHub } from '../modules/socket/notices';
import type { AppMetrics } from './metrics';
import type { ReadCache, SharedState } from './shared-state';
import type { SmsProvider } from './sms';
import type { TokenService } from './tokens';

/** What every API module receives. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  tokens: TokenService;
  sms: SmsProvider;
  /** counters, tickets and the message bus shared by every instance (Redis with REDIS_URL, else memory) */
  shared: SharedState;
  /** cached sessions, grants, data rules and dictionaries; dropped everywhere after any write request */
  cache: ReadCache;
  /** header-bell notices: notifyUser, notifyAll, closeSessionSockets (reach every instance) */
  notices: NoticeHub;
  /** the Prometheus counters modules add to (job runs, imports, exports) */
  metrics: AppMetrics;
}

/**
 * An API module registers its routes on `api` (already under config.apiBase). Each route needs
 * config.public, config.authenticated or config.permission; registration throws otherwise.
 */
export type ApiModule = (api: FastifyInstance, deps: AppDeps) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** services of the application (set by buildApp) */
    deps: AppDeps;
  }
}
