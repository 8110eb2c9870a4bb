import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { BackupResult, BackupSource } from './write';
import { writeBackup } from './write';

/** Unix socket paths are limited to 107 bytes; a longer DATA_DIR gets a socket in the temp folder named after it. */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 8192;

/**
 * Where a running PGlite server answers backup requests: DATA_DIR/backup.sock, mode 0600, so only the account the
 * server runs as can connect. It is not an HTTP route and is never reachable from the network.
 */
export function backupSocketPath(dataDir: string): string {
  const inDataDir = join(resolve(dataDir), 'backup.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  return join(tmpdir(), `xypj-backup-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

interface BackupRequest {
  folder: string;
}

type BackupAnswer = { ok: true; result: BackupResult } | { ok: false; message: string };

function parseRequest(line: string): BackupRequest | null {
  try {
    const raw = JSON.parse(line) as { folder?: unknown };
    return typeof raw.folder === 'string' && raw.folder.length > 0 && raw.folder.length < 4096 ? { folder: raw.folder } : null;
  } catch {
    return null;
  }
}

/** Serves backup requests of `npm run backup` on the socket; answers how to stop serving. One backup at a time. */
export async function listenForBackups(source: BackupSource): Promise<() => Promise<void>> {
  const path = backupSocketPath(source.dataDir);
  // the PGlite lock allows one server per data folder, so a socket left here is from a process that is gone
  if (lstatSync(path, { throwIfNoEntry: false })?.isSocket()) rmSync(path);
  let running = false;
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      socket.removeAllListeners('data');
      const request = parseRequest(received.slice(0, end));
      const answer = (a: BackupAnswer) => socket.end(`${JSON.stringify(a)}\n`);
      if (!request) return answer({ ok: false, message: 'the request is not understood' });
      if (running) return answer({ ok: false, message: 'a backup is already being written; try again when it has finished' });
      running = true;
      writeBackup(source, resolve(request.folder))
        .then((result) => answer({ ok: true, result }))
        .catch((err: unknown) => answer({ ok: false, message: err instanceof Error ? err.message : String(err) }))
        .finally(() => (running = false));
    });
  });
  // created as 0600 where the process may set its umask (not in a worker thread); net binds a path synchronously
  // inside listen(), so the umask is back before any other code runs. chmod in any case.
  const listening = new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.once('listening', () => done());
  });
  const oldMask = isMainThread ? process.umask(0o177) : null;
  try {
    server.listen(path);
  } finally {
    if (oldMask !== null) process.umask(oldMask);
  }
  await listening;
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      rmSync(path, { force: true });
    });
}

export class NoServerError extends Error {}

/** Asks the server holding `dataDir` to write a backup into `folder`. */
export function requestBackup(dataDir: string, folder: string): Promise<BackupResult> {
  const path = backupSocketPath(dataDir);
  return new Promise((done, fail) => {
    const socket = createConnection(path);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ folder: resolve(folder) })}\n`));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
        fail(
          new NoServerError(
            `the server using ${dataDir} does not answer on ${path} (is it a version without backups? stop it, or use the scheduled backup job)`,
          ),
        );
      } else if (err.code === 'EACCES') {
        fail(new NoServerError(`no permission to use ${path}: run the backup as the account the server runs as`));
      } else fail(err);
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(received) as BackupAnswer;
        if (answer.ok) done(answer.result);
        else fail(new Error(answer.message));
      } catch {
        fail(new Error('the server gave no answer to the backup request'));
      }
    });
  });
}
