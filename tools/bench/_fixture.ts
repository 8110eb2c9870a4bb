/** Shared by the browser benchmarks: build a fixture page with its own Vite config and serve the output. */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

/** `npx vite build --config <config>` with `outDirEnv=<outDir>` (the config reads its output folder from it). */
export function buildFixture(config: string, outDirEnv: string, outDir: string): void {
  const res = spawnSync('npx', ['vite', 'build', '--config', config], { stdio: 'inherit', env: { ...process.env, [outDirEnv]: outDir } });
  if (res.status !== 0) throw new Error('fixture build failed');
}

/** A static server for `dir` on a free loopback port. */
export function serveFixture(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}
