import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';

/** SQLSTATE of a statement cancelled by its time limit (PostgreSQL's query_canceled). */
export const STATEMENT_TIMEOUT_CODE = '57014';

/** The error a statement past its time limit rejects with, on PGlite as on PostgreSQL. */
export class StatementTimeoutError extends Error {
  readonly code = STATEMENT_TIMEOUT_CODE;
  constructor() {
    super('canceling statement due to statement timeout');
  }
}

export interface WorkerQueryResult<R> {
  rows: R[];
  affectedRows?: number;
}

interface Assets {
  wasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}

let assets: Promise<Assets> | null = null;

function pgliteDist(): string {
  return dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
}

/** The URL the worker imports PGlite from (resolved here: the worker's eval'ed source has no location of its own). */
function pgliteUrl(): string {
  return pathToFileURL(join(pgliteDist(), 'index.js')).href;
}

/** PGlite's WebAssembly module compiled once per process and its file bundle read once: a reopen only instantiates them. */
function loadAssets(): Promise<Assets> {
  assets ??= (async () => {
    const dist = pgliteDist();
    const wasmModule = await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm')));
    const data = readFileSync(join(dist, 'pglite.data'));
    const fsBundle = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    return { wasmModule, fsBundle };
  })();
  return assets;
}

/** The spare thread is loaded a moment after an open, not during it (both would compete for the same cores). */
const SPARE_DELAY_MS = 3000;

type WorkerMessage =
  | { type: 'loaded' | 'opened' }
  | { type: 'open-failed'; error: Record<string, unknown> }
  | { type: 'result'; id: number; rows: unknown[]; affectedRows?: number }
  | { type: 'error'; id: number; error: Record<string, unknown> }
  | { type: 'dumped'; id: number; data: ArrayBuffer }
  | { type: 'closed'; id: number };

function rebuildError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message ?? 'database error'));
  Object.assign(err, data);
  return err;
}

/** A worker thread that has imported PGlite and waits for its `open` message. */
function spawnLoaded(pgliteUrl: string): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PGLITE_WORKER_SOURCE, { eval: true, workerData: { pgliteUrl } });
    worker.unref();
    const onMessage = (msg: WorkerMessage) => {
      if (msg.type === 'loaded') {
        worker.off('error', reject);
        resolve(worker);
      } else if (msg.type === 'open-failed') reject(rebuildError(msg.error));
    };
    worker.once('error', reject);
    worker.on('message', onMessage);
  });
}

const temporaryDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

export interface PGliteWorkerOptions {
  /** directory of the data files; omitted = a temporary directory removed at close */
  dataDir?: string;
  /** a dumpDataDir() archive to start from */
  loadDataDir?: Blob;
}

interface Call {
  id: number;
  resolve(msg: WorkerMessage): void;
  reject(err: Error): void;
}

/**
 * PGlite in a worker thread, so that a running statement never blocks this thread and can be stopped: a statement
 * given a time limit that it overruns makes the host terminate the thread (like kill -9) and open the same data
 * directory in a fresh one, which recovers from the write-ahead log as PostgreSQL does after a crash. Requests go
 * to the thread one at a time; those still waiting here when it is replaced are sent to the new one.
 */
export class PGliteWorkerHost {
  private worker!: Worker;
  private spare: Promise<Worker> | null = null;
  private spareTimer: NodeJS.Timeout | undefined;
  private ready: Promise<void> = Promise.resolve();
  private tail: Promise<unknown> = Promise.resolve();
  private current: Call | null = null;
  private readonly retired = new WeakSet<Worker>();
  private nextId = 1;
  private closed = false;
  /** how many times the database thread was replaced (a statement past its limit, or the thread died) */
  restarts = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly temporary: boolean,
  ) {}

  static async start(options: PGliteWorkerOptions): Promise<PGliteWorkerHost> {
    const temporary = !options.dataDir;
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'xypj-pglite-'));
    if (temporary) temporaryDirs.add(dataDir);
    const host = new PGliteWorkerHost(dataDir, temporary);
    try {
      const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
      await host.open(loadDataDir);
    } catch (err) {
      host.removeTemporary();
      throw err;
    }
    return host;
  }

  private async open(loadDataDir?: ArrayBuffer): Promise<void> {
    // the thread loads PGlite while this one compiles its WebAssembly
    const [{ wasmModule, fsBundle }, worker] = await Promise.all([loadAssets(), this.spare ?? spawnLoaded(pgliteUrl())]);
    this.spare = null;
    this.worker = worker;
    worker.on('message', (msg: WorkerMessage) => this.onMessage(worker, msg));
    worker.on('error', (err) => this.onDeath(worker, err));
    worker.on('exit', (code) => this.onDeath(worker, new Error(`the database thread stopped (exit code ${code})`)));
    await new Promise<void>((resolve, reject) => {
      const onOpen = (msg: WorkerMessage) => {
        if (msg.type === 'opened') resolve();
        else if (msg.type === 'open-failed') reject(rebuildError(msg.error));
        else return;
        worker.off('message', onOpen);
      };
      worker.on('message', onOpen);
      worker.ref();
      worker.postMessage({ type: 'open', dataDir: this.dataDir, loadDataDir, wasmModule, fsBundle });
    }).finally(() => worker.unref());
    // the next replacement thread loads PGlite ahead of need, so that a restart only has to open the files
    clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => this.prepareSpare(), SPARE_DELAY_MS).unref();
  }

  private prepareSpare(): void {
    if (this.spare || this.closed) return;
    const spare = spawnLoaded(pgliteUrl());
    this.spare = spare;
    spare.catch(() => {
      if (this.spare === spare) this.spare = null;
    });
  }

  private onMessage(worker: Worker, msg: WorkerMessage): void {
    if (worker !== this.worker || this.retired.has(worker) || !('id' in msg)) return;
    const call = this.current;
    if (!call || call.id !== msg.id) return;
    this.current = null;
    if (msg.type === 'error') call.reject(rebuildError(msg.error));
    else call.resolve(msg);
  }

  private onDeath(worker: Worker, err: Error): void {
    if (worker !== this.worker || this.retired.has(worker) || this.closed) return;
    this.current?.reject(err);
    this.current = null;
    this.replace();
  }

  /** Ends the current thread and opens the data directory in a fresh one; requests wait for it. */
  private replace(): void {
    const old = this.worker;
    this.retired.add(old);
    this.restarts += 1;
    this.ready = (async () => {
      await old.terminate();
      await this.open();
    })();
    this.ready.catch(() => undefined);
  }

  /** One message to the thread, after those before it; with a limit, the thread is replaced when it is overrun. */
  private request(message: Record<string, unknown>, timeoutMs?: number, transfer?: ArrayBuffer[]): Promise<WorkerMessage> {
    const run = async (): Promise<WorkerMessage> => {
      await this.ready;
      if (this.closed) throw new Error('the database is closed');
      const id = this.nextId++;
      const worker = this.worker;
      let timer: NodeJS.Timeout | undefined;
      worker.ref();
      try {
        return await new Promise<WorkerMessage>((resolve, reject) => {
          this.current = { id, resolve, reject };
          if (timeoutMs !== undefined) {
            timer = setTimeout(
              () => {
                if (this.current?.id !== id) return;
                this.current = null;
                reject(new StatementTimeoutError());
                this.replace();
              },
              Math.max(0, timeoutMs),
            );
          }
          worker.postMessage({ ...message, id }, transfer ?? []);
        });
      } finally {
        clearTimeout(timer);
        worker.unref();
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async query<R>(sql: string, params: readonly unknown[], timeoutMs?: number): Promise<WorkerQueryResult<R>> {
    const msg = await this.request({ type: 'query', sql, params }, timeoutMs);
    if (msg.type !== 'result') throw new Error('unexpected answer from the database thread');
    return { rows: msg.rows as R[], affectedRows: msg.affectedRows };
  }

  async dumpDataDir(): Promise<Blob> {
    const msg = await this.request({ type: 'dump' });
    if (msg.type !== 'dumped') throw new Error('unexpected answer from the database thread');
    return new Blob([msg.data], { type: 'application/x-gzip' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.request({ type: 'close' });
    } finally {
      this.closed = true;
      clearTimeout(this.spareTimer);
      this.retired.add(this.worker);
      await this.worker.terminate();
      const spare = this.spare;
      this.spare = null;
      if (spare) await spare.then((w) => w.terminate()).catch(() => undefined);
      this.removeTemporary();
    }
  }

  private removeTemporary(): void {
    if (!this.temporary) return;
    rmSync(this.dataDir, { recursive: true, force: true });
    temporaryDirs.delete(this.dataDir);
  }
}
