/**
 * Runs after `npm install`: bundles the server and builds the client, so that the first `npm start` only starts.
 * A failure here does not fail the install; `npm start` retries and reports it.
 */
import { buildClient, staleReason } from './build/client.mjs';
import { ensureServerBundle } from './build/server.mjs';

try {
  await ensureServerBundle();
  const reason = staleReason();
  if (reason) {
    process.stdout.write(`Preparing the client for npm start (${reason})…\n`);
    await buildClient();
  }
} catch (error) {
  process.stderr.write(
    `Could not prepare the build (${error instanceof Error ? error.message : String(error)}); npm start will try again.\n`,
  );
}
