import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openTestDatabase } from './support/database';

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the client', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const dir = mkdtempSync(join(tmpdir(), 'xypj-dist-'));

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
    const db = await openTestDatabase('pglite');
    app = await buildApp({ db: db.db, config: testConfig({ tokenSecret: 'x'.repeat(32) }), clientDir: dir });
    close = async () => {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it('serves index.html for client routes (history mode) with the CSP header', async () => {
    for (const url of ['/', '/user/login', '/dashboard/analysis?x=1', '/system/user']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    }
  });

  it('serves built files with long caching for hashed assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps unknown API paths as JSON 404 and never falls back to the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('路径不存在，请检查路径是否正确');
  });

  it('does not serve files outside the build', async () => {
    const res = await app.inject({ method: 'GET', url: '/../package.json' });
    expect(res.body).not.toContain('"dependencies"');
    // inject normalises paths, so send raw ones over a real socket
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const path of ['/assets/%2e%2e/%2e%2e/package.json', '/assets/../../package.json', '/assets/..%2f..%2fpackage.json']) {
      const answer = await rawGet(port, path);
      expect(answer.status).toBe(400);
      expect(answer.body).not.toContain('"dependencies"');
    }
  });
});
