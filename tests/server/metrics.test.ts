import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload } from './support/forms';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const SAMPLE_JOB = 'org.jeecg.modules.quartz.job.SampleJob';

/** The value of one sample line, e.g. value(text, 'http_requests_total{method="GET",…}'); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(backends())('/metrics on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { metricsToken: TOKEN });
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const scrape = async (options: { remoteAddress?: string; headers?: Record<string, string>; query?: string } = {}) =>
    t.app.inject({ method: 'GET', url: `/metrics${options.query ?? ''}`, remoteAddress: options.remoteAddress, headers: options.headers });

  it('counts requests by route pattern, method and status, with a latency histogram', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.request({ method: 'GET', url: '/api/sys/user/list?pageNo=1&pageSize=5', token: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sys/user/queryById?id=nobody', token: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/sys/user/list' })).statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/api/sys/user/list",status="200"}')).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/sys/user/list",status="401"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/sys/user/queryById",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/sys/user/list",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/sys/user/list",status="200"}')).toBe(3);
    // the URL's own values (ids, query strings) never become labels
    expect(text).not.toContain('nobody');
    expect(text).not.toContain('pageSize');
    expect(sample(text, 'nodejs_eventloop_delay_seconds{stat="p99"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_memory_bytes{kind="rss"}')).toBeGreaterThan(0);
    if (backend === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
    }
  });

  it('counts job runs and entity imports and exports', async () => {
    const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = ${SAMPLE_JOB}`.execute(t.db);
    const ran = await t.request({ method: 'GET', url: `/api/sys/quartzJob/execute?id=${job.rows[0]!.id}`, token: admin });
    expect(ran.json()).toMatchObject({ success: true });

    await t.request({
      method: 'POST',
      url: '/api/sys/position/add',
      token: admin,
      payload: { code: 'metrics1', name: '度量职务', postRank: '1' },
    });
    const exported = await t.request({ method: 'GET', url: '/api/sys/position/exportXls', token: admin });
    expect(exported.statusCode).toBe(200);
    // the same rows again: their codes are taken, so the import reports rejected rows
    const again = await t.request({
      method: 'POST',
      url: '/api/sys/position/importExcel',
      token: admin,
      ...importUpload('职务.xlsx', exported.rawPayload),
    });
    expect(again.json()).toMatchObject({ success: true, code: 201 });
    const broken = await t.request({
      method: 'POST',
      url: '/api/sys/position/importExcel',
      token: admin,
      ...importUpload('x.xlsx', Buffer.from('not a workbook')),
    });
    expect(broken.json().success).toBe(false);

    const text = (await scrape()).body;
    expect(sample(text, `quartz_job_runs_total{job="${SAMPLE_JOB}",trigger="manual",result="ok"}`)).toBe(1);
    expect(sample(text, 'entity_exports_total{table="sys_position",result="ok"}')).toBe(1);
    expect(sample(text, 'entity_imports_total{table="sys_position",result="rejected_rows"}')).toBe(1);
    expect(sample(text, 'entity_imports_total{table="sys_position",result="failed"}')).toBe(1);
  });

  it('answers another address only with the token, and reveals nothing without it', async () => {
    const outside = '203.0.113.9';
    const refusals = [
      await scrape({ remoteAddress: outside }),
      await scrape({ remoteAddress: outside, headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' } }),
      await scrape({ remoteAddress: outside, query: '?token=wrong-token-wrong-token-wrong' }),
      await scrape({ remoteAddress: outside, headers: { 'x-access-token': admin } }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
    const byHeader = await scrape({ remoteAddress: outside, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.body).toContain('# TYPE http_requests_total counter');
    expect((await scrape({ remoteAddress: outside, query: `?token=${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('/metrics address allow-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { metricsAllow: ['10.0.0.0/8', 'fd00::/8'] });
  });
  afterAll(() => t?.close());

  it('serves the listed ranges (IPv4-mapped too) and nothing else, loopback included, when there is no token', async () => {
    const status = async (remoteAddress: string) => (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode;
    expect(await status('10.1.2.3')).toBe(200);
    expect(await status('::ffff:10.1.2.3')).toBe(200);
    expect(await status('fd00::5')).toBe(200);
    expect(await status('127.0.0.1')).toBe(404);
    expect(await status('11.0.0.1')).toBe(404);
    const tokenOnly = await t.app.inject({ method: 'GET', url: '/metrics?token=anything-at-all-1234567', remoteAddress: '11.0.0.1' });
    expect(tokenOnly.statusCode).toBe(404);
  });

  it('reads METRICS_ALLOW and METRICS_TOKEN from the environment, refusing what is not an address or too short', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.0/8', '::1']);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.7 ' }).metricsAllow).toEqual(['10.0.0.0/8', '192.168.1.7']);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(
      new ConfigError('METRICS_ALLOW: "10.0.0.0/33" is not an address or a CIDR range such as 10.0.0.0/8'),
    );
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(new ConfigError('METRICS_TOKEN must be at least 16 characters'));
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
