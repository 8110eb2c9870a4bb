import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { SmsProvider } from './sms';
import type { TokenService } from './tokens';

/** What every API module receives. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  tokens: TokenService;
  sms: SmsProvider;
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
