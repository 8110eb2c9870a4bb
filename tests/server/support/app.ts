import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { testConfig, type ServerConfig } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import { backends, openTestDatabase, TEST_PASSWORDS, type Backend } from './database';

export { backends, TEST_PASSWORDS, type Backend };

export interface TestApp {
  backend: Backend;
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** GET /sys/randomImage/{key} and read the answer from sys_captcha, as browser tests do */
  captcha(checkKey?: string): Promise<{ checkKey: string; answer: string }>;
  /** signs in through the captcha; returns the token. Password defaults to the seeded one. */
  login(username: string, password?: string): Promise<string>;
  /** inject with the X-Access-Token header set when a token is given */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let keySeq = 0;

export function seededPassword(username: string): string {
  return username === 'admin' ? TEST_PASSWORDS.admin : TEST_PASSWORDS.demo;
}

/**
 * A fresh migrated and seeded database (PGlite snapshot or throwaway PostgreSQL) and the app on it.
 * `prepare` runs on the database before the app is built (e.g. to stage an older schema).
 */
export async function startTestApp(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  prepare?: (db: Db) => Promise<void>,
  logger?: BuildAppOptions['logger'],
): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  if (prepare) await prepare(database.db);
  const config = testConfig({
    tokenSecret: 'test-token-secret-not-for-production',
    rateLimits: {
      login: { max: 1000, windowMs: 60_000 },
      captcha: { max: 1000, windowMs: 60_000 },
      sms: { max: 1000, windowMs: 60_000 },
      register: { max: 1000, windowMs: 60_000 },
      certCheck: { max: 1000, windowMs: 60_000 },
    },
    ...overrides,
  });
  const app = await buildApp({ db: database.db, config, logger });
  await app.ready();
  const base = config.apiBase;

  const request: TestApp['request'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { 'x-access-token': token } : {}) } });

  const captcha: TestApp['captcha'] = async (checkKey = `k${Date.now()}${keySeq++}`) => {
    const res = await app.inject({ method: 'GET', url: `${base}/sys/randomImage/${checkKey}` });
    if (res.json().success !== true) throw new Error(`captcha failed: ${res.body}`);
    const row = await database.db.selectFrom('sys_captcha').select('answer').where('check_key', '=', checkKey).executeTakeFirstOrThrow();
    return { checkKey, answer: row.answer };
  };

  const login: TestApp['login'] = async (username, password = seededPassword(username)) => {
    const { checkKey, answer } = await captcha();
    const res = await app.inject({
      method: 'POST',
      url: `${base}/sys/login`,
      payload: { username, password, captcha: answer, checkKey },
    });
    const body = res.json();
    if (body.success !== true) throw new Error(`login ${username} failed: ${body.message}`);
    return body.result.token as string;
  };

  return {
    backend,
    app,
    db: database.db,
    config,
    captcha,
    login,
    request,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
