import { resolve } from 'node:path';
import { AddressList, parseAllowList } from './core/address-list';
import { parseSmsSettings } from './core/sms/settings';
import type { SmsSettings } from './core/sms/types';

export type { SmsProviderName } from './core/sms/types';

export interface RateLimitRule {
  /** requests allowed per window and per client address */
  max: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  /** HOST: the address to listen on (default 0.0.0.0, every IPv4 interface) */
  host: string;
  /** base path of every API route, e.g. "/api" (no trailing slash) */
  apiBase: string;
  dataDir: string;
  /** postgres://… → node-postgres; undefined → PGlite under dataDir */
  databaseUrl?: string;
  adminPassword?: string;
  demoPassword?: string;
  /** from TOKEN_SECRET; when absent the server generates one and stores it in the database */
  tokenSecret?: string;
  loginCaptcha: boolean;
  corsOrigins: string[];
  /** SMS_PROVIDER and its SMS_* variables (see docs/messages-and-logs.md) */
  smsProvider: SmsSettings;
  nodeEnv: string;
  /** request body limit in bytes for JSON bodies */
  bodyLimit: number;
  rateLimits: {
    login: RateLimitRule;
    captcha: RateLimitRule;
    sms: RateLimitRule;
    /** the register page's anonymous checks (checkOnlyUser) */
    register: RateLimitRule;
    /** the public certificate check (/xypj/public/checkCertificate) */
    certCheck: RateLimitRule;
  };
  /** PLATFORM_PUSH_KEY: the HMAC key shared with the provincial platform for push sign-in; unset refuses it */
  platformPushKey?: string;
  /** SMTP_URL: smtp://user:pass@host:port (smtps:// for TLS) for e-mail messages; unset = e-mail sends fail with a plain reason */
  smtpUrl?: string;
  /** SMTP_FROM: the From address of e-mail messages (default noreply@localhost) */
  smtpFrom?: string;
  /** REDIS_URL: redis://[:password@]host:port[/db] shared by several instances; unset = one instance, state in memory */
  redisUrl?: string;
  /** REDIS_PREFIX: prefix of this deployment's Redis keys and channels (default "xypj:") */
  redisPrefix: string;
  /** how long sessions, grants and dictionaries stay cached (ms) when nothing is written; 0 = no cache */
  cacheTtlMs: number;
  /** CERT_SIGN_P12: PKCS#12 file of the issuer's signing key and certificate; set = certificate PDFs carry a PAdES signature */
  certSignP12?: string;
  /** CERT_SIGN_PASSWORD: the password of that file */
  certSignPassword?: string;
  /** METRICS_TOKEN: a caller presenting it (Bearer or ?token=) reads /metrics from any address */
  metricsToken?: string;
  /** METRICS_ALLOW: addresses and CIDR ranges that read /metrics without a token (default loopback; "none") */
  metricsAllow: string[];
}

const DEFAULT_RATE_LIMITS: ServerConfig['rateLimits'] = {
  login: { max: 30, windowMs: 60_000 },
  captcha: { max: 60, windowMs: 60_000 },
  sms: { max: 10, windowMs: 60_000 },
  register: { max: 60, windowMs: 60_000 },
  certCheck: { max: 20, windowMs: 60_000 },
};

export class ConfigError extends Error {}

function normaliseApiBase(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^\/[A-Za-z0-9_\-/]*$/.test(trimmed)) throw new ConfigError(`API_BASE must look like /api, got "${raw}"`);
  return trimmed;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be 0–65535, got "${raw}"`);
  return port;
}

function parseHost(raw: string | undefined): string {
  const host = (raw ?? '').trim();
  if (host === '') return '0.0.0.0';
  if (!/^[A-Za-z0-9.:\-[\]%]+$/.test(host))
    throw new ConfigError(`HOST must be an address or a host name such as 127.0.0.1, ::1 or localhost, got "${raw}"`);
  return host.replace(/^\[(.*)\]$/, '$1');
}

function parseOnOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

function parseSmsProvider(env: NodeJS.ProcessEnv): SmsSettings {
  const settings = parseSmsSettings(env);
  if ('problem' in settings) throw new ConfigError(settings.problem);
  return settings;
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw === '' ? undefined : raw;
}

function parseMetricsAllow(raw: string | undefined): string[] {
  const entries = parseAllowList(raw);
  try {
    new AddressList(entries);
  } catch (err) {
    throw new ConfigError(`METRICS_ALLOW: ${(err as Error).message}`);
  }
  return entries;
}

function parseMetricsToken(raw: string | undefined): string | undefined {
  const token = optional(raw?.trim());
  if (token !== undefined && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return token;
}

function parseRedisUrl(raw: string | undefined): string | undefined {
  const url = optional(raw);
  if (url && !/^rediss?:\/\//.test(url)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return url;
}

/** Reads the configuration from environment variables (see server/README.md for the table). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = optional(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: parsePort(env.PORT),
    host: parseHost(env.HOST),
    apiBase: normaliseApiBase(env.API_BASE ?? '/api'),
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    adminPassword: optional(env.ADMIN_PASSWORD),
    demoPassword: optional(env.DEMO_PASSWORD),
    tokenSecret: optional(env.TOKEN_SECRET),
    loginCaptcha: parseOnOff('LOGIN_CAPTCHA', env.LOGIN_CAPTCHA, true),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    smsProvider: parseSmsProvider(env),
    nodeEnv: env.NODE_ENV || 'production',
    bodyLimit: 1024 * 1024,
    rateLimits: DEFAULT_RATE_LIMITS,
    platformPushKey: optional(env.PLATFORM_PUSH_KEY),
    smtpUrl: optional(env.SMTP_URL),
    smtpFrom: optional(env.SMTP_FROM),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisPrefix: optional(env.REDIS_PREFIX) ?? 'xypj:',
    cacheTtlMs: 30_000,
    certSignP12: optional(env.CERT_SIGN_P12),
    certSignPassword: optional(env.CERT_SIGN_PASSWORD),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    metricsAllow: parseMetricsAllow(env.METRICS_ALLOW),
  };
}

/**
 * A configuration for tests and tools: defaults plus overrides, no environment read. Caching is off unless a test
 * asks for it, since many tests edit rows directly and expect the next request to see the change.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ NODE_ENV: 'test' }), cacheTtlMs: 0, ...overrides };
}
