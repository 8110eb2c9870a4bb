import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerConfig } from '../config';
import { poolUseOf } from '../db/open';
import type { Db } from '../db/types';
import { AddressList } from './address-list';

export type ImportResult = 'ok' | 'rejected_rows' | 'failed';
export type ExportResult = 'ok' | 'failed';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const NS_PER_SECOND = 1e9;

/**
 * The Prometheus metrics of one app, in a registry of its own (tests build many apps in one process): requests by
 * route pattern and status with their latency, event-loop delay since the previous scrape, PostgreSQL pool use,
 * process memory, scheduled job runs and entity imports and exports.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly jobRuns: Counter<'job' | 'trigger' | 'result'>;
  private readonly imports: Counter<'table' | 'result'>;
  private readonly exports: Counter<'table' | 'result'>;
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });

  constructor(db: Db) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.jobRuns = new Counter({
      name: 'quartz_job_runs_total',
      help: 'Scheduled job runs by this instance, by job class, trigger and result',
      labelNames: ['job', 'trigger', 'result'],
      registers,
    });
    this.imports = new Counter({
      name: 'entity_imports_total',
      help: 'Excel imports, by table and result',
      labelNames: ['table', 'result'],
      registers,
    });
    this.exports = new Counter({
      name: 'entity_exports_total',
      help: 'Excel exports, by table and result',
      labelNames: ['table', 'result'],
      registers,
    });

    const loopDelay = this.loopDelay;
    loopDelay.enable();
    new Gauge({
      name: 'nodejs_eventloop_delay_seconds',
      help: 'Event-loop delay since the previous scrape (stat: p50, p90, p99, max, mean)',
      labelNames: ['stat'],
      registers,
      collect() {
        const seconds = (ns: number) => (Number.isFinite(ns) ? ns / NS_PER_SECOND : 0);
        this.set({ stat: 'p50' }, seconds(loopDelay.percentile(50)));
        this.set({ stat: 'p90' }, seconds(loopDelay.percentile(90)));
        this.set({ stat: 'p99' }, seconds(loopDelay.percentile(99)));
        this.set({ stat: 'max' }, seconds(loopDelay.max));
        this.set({ stat: 'mean' }, seconds(loopDelay.mean));
        loopDelay.reset();
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections (state: total, idle, in_use, waiting requests); absent on PGlite',
      labelNames: ['state'],
      registers,
      collect() {
        const use = poolUseOf(db);
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'process_memory_bytes',
      help: 'Process memory (kind: rss, heap_used, external)',
      labelNames: ['kind'],
      registers,
      collect() {
        const m = process.memoryUsage();
        this.set({ kind: 'rss' }, m.rss);
        this.set({ kind: 'heap_used' }, m.heapUsed);
        this.set({ kind: 'external' }, m.external);
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  jobRun(job: string, trigger: string, ok: boolean): void {
    this.jobRuns.inc({ job, trigger, result: ok ? 'ok' : 'error' });
  }

  imported(table: string, result: ImportResult): void {
    this.imports.inc({ table, result });
  }

  exported(table: string, result: ExportResult): void {
    this.exports.inc({ table, result });
  }

  close(): void {
    this.loopDelay.disable();
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer /i.test(header)) return header.slice(7).trim();
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/**
 * Counts every answered request (route pattern, not the URL: unmatched requests share one label) and serves
 * GET /metrics to a caller with METRICS_TOKEN or from a METRICS_ALLOW address; anyone else gets the ordinary 404.
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  config: Pick<ServerConfig, 'metricsToken' | 'metricsAllow'>,
): void {
  const allowed = new AddressList(config.metricsAllow);
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.close());

  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    const token = presentedToken(request);
    const byToken = config.metricsToken !== undefined && token !== undefined && sameSecret(token, config.metricsToken);
    if (!byToken && !allowed.has(request.socket.remoteAddress ?? '')) return reply.callNotFound();
    const body = await metrics.registry.metrics();
    return reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store').send(body);
  });
}
