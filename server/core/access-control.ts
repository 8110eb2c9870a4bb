import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import { forbidden, tooManyRequests, unauthorized } from './envelope';
import './fastify-types';
import { hasAnyCode, loadGrants, type Grants } from './permissions';
import { cached, type SharedState } from './shared-state';
import type { Session, TokenService } from './tokens';

export class RouteAccessError extends Error {}

function describeAccess(route: RouteOptions): string {
  const cfg = route.config ?? {};
  const rules = [cfg.public === true, cfg.authenticated === true, cfg.permission !== undefined].filter(Boolean).length;
  if (rules === 0) return 'declares no access rule';
  if (rules > 1) return 'declares more than one access rule';
  if (cfg.permission !== undefined) {
    const list = typeof cfg.permission === 'string' ? [cfg.permission] : cfg.permission;
    if (list.length === 0 || list.some((c) => typeof c !== 'string' || c.trim() === '')) return 'has an empty permission code';
  }
  return '';
}

/** Refuses, at registration time, any route without exactly one access rule (deny by default). */
export function enforceRouteDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const problem = describeAccess(route);
    if (problem) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new RouteAccessError(`route ${methods} ${route.url} ${problem}: set config.public, config.authenticated or config.permission`);
    }
  });
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

export interface AccessControlDeps {
  db: Db;
  tokens: TokenService;
  config: ServerConfig;
  shared: SharedState;
}

/** The header value of `tenant-id`, or '' when absent, "0" or unusable. */
function tenantHeader(request: FastifyRequest): string {
  const raw = request.headers['tenant-id'];
  const value = (Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
  return value === '0' ? '' : value;
}

export async function authenticate(request: FastifyRequest, tokens: TokenService): Promise<Session> {
  const header = request.headers['x-access-token'];
  const token = (Array.isArray(header) ? header[0] : (header ?? '')).trim();
  if (!token) throw unauthorized();
  const session = await tokens.resolve(token);
  if (!session) throw unauthorized();
  if (session.user.status !== 1) throw unauthorized('账号已被锁定,请联系管理员!');
  const tenant = tenantHeader(request);
  if (tenant && session.user.relTenantIds.length > 0 && !session.user.relTenantIds.includes(tenant)) {
    throw unauthorized('用户租户信息变更,请重新登陆!');
  }
  return session;
}

/** Grants of the signed-in user (loaded once per request). */
export async function requireGrants(request: FastifyRequest, db: Db): Promise<Grants> {
  if (!request.session) throw unauthorized();
  if (!request.grants) {
    const userId = request.session.user.id;
    request.grants = await cached(db, `grants:${userId}`, () => loadGrants(db, userId));
  }
  return request.grants;
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The id of the caller when the request carries a live token; null otherwise (no error). */
async function signedInUserId(request: FastifyRequest, tokens: TokenService): Promise<string | null> {
  if (!request.headers['x-access-token']) return null;
  try {
    return (await authenticate(request, tokens)).user.id;
  } catch {
    return null;
  }
}

/** onRequest: rate limit, then token, tenant and permission checks from the matched route's config. */
export function installAccessControl(app: FastifyInstance, deps: AccessControlDeps): void {
  app.decorateRequest('session', null);
  app.decorateRequest('grants', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const cfg = request.routeOptions.config;
    if (cfg.rateLimit) {
      const rule = deps.config.rateLimits[cfg.rateLimit];
      const caller = cfg.rateLimitPerUser ? await signedInUserId(request, deps.tokens) : null;
      const key = caller ? `user:${caller}` : clientIp(request);
      if (!(await deps.shared.hit(`${cfg.rateLimit}:${key}`, rule))) throw tooManyRequests();
    }
    if (cfg.public === true) return;
    if (cfg.authenticated !== true && cfg.permission === undefined) throw forbidden();
    request.session = await authenticate(request, deps.tokens);
    if (cfg.permission !== undefined) {
      const grants = await requireGrants(request, deps.db);
      if (!hasAnyCode(grants, cfg.permission)) throw forbidden();
    }
  });
}
