/**
 * `npm start`: checks the Node version, makes sure the server bundle and the client build are current (both are
 * normally prepared by `npm install`, see tools/prepare.mjs), then runs the server.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClient, staleReason } from './build/client.mjs';
import { ensureServerBundle } from './build/server.mjs';
import { nodeVersionProblem } from './build/node-version.mjs';

const ROOT = resolve(import.meta.dirname, '..');

const problem = nodeVersionProblem(JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).engines.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const bundle = await ensureServerBundle();
const reason = staleReason();
if (reason) {
  process.stdout.write(`Building the client (${reason})…\n`);
  try {
    await buildClient();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

process.env.PROJECT_ROOT ??= ROOT;
await import(pathToFileURL(bundle).href);
