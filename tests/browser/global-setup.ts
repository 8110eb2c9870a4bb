import { resolve } from 'node:path';
import { buildClient, staleReason } from '../../tools/build/client.mjs';

/**
 * Browser tests run against the built client served by the real server: rebuild it when it is missing or older
 * than its sources (`npm install` normally prepared it). Set E2E_SKIP_BUILD=1 to reuse dist/ as it is.
 */
export default async function setup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const outDir = resolve(process.env.CLIENT_DIR ?? 'dist');
  const reason = staleReason(outDir, process.env.API_BASE ?? '/api');
  if (reason) await buildClient(outDir, process.env.API_BASE ?? '/api');
}
