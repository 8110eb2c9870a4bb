/**
 * The script of the thread PGlite runs in (see pglite-worker.ts). It is kept as source text and started with
 * `new Worker(source, { eval: true })` so that it works the same from the TypeScript sources, the esbuild bundle
 * and the test runner; it imports PGlite from the absolute URL the main thread resolved.
 *
 * Messages in:  {type:'open', dataDir, loadDataDir?, wasmModule, fsBundle}, {type:'query', id, sql, params},
 *               {type:'dump', id}, {type:'close', id}
 * Messages out: {type:'loaded'}, {type:'opened'}, {type:'open-failed', error}, {type:'result', id, rows, affectedRows},
 *               {type:'error', id, error}, {type:'dumped', id, data}, {type:'closed', id}
 */
export const PGLITE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;
const toNumber = (v) => Number(v);
const keepText = (v) => v;

/** An error as plain data: the message and the PostgreSQL fields (code, detail, constraint …). */
function plain(err) {
  const out = { message: String((err && err.message) || err), name: (err && err.name) || 'Error' };
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

(async () => {
  const { PGlite } = await import(workerData.pgliteUrl);
  let pg = null;
  parentPort.on('message', async (msg) => {
    try {
      if (msg.type === 'open') {
        pg = await PGlite.create({
          dataDir: msg.dataDir,
          loadDataDir: msg.loadDataDir ? new Blob([msg.loadDataDir]) : undefined,
          pgliteWasmModule: msg.wasmModule,
          fsBundle: msg.fsBundle ? new Blob([msg.fsBundle]) : undefined,
          // PostgreSQL's default 128 MB buffer pool lives inside this thread's WebAssembly memory;
          // 16 MB keeps the embedded server ~120 MB smaller, and the OS still caches the data files.
          postgresqlconf: ['shared_buffers = 16MB'],
          parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber, [DATE_OID]: keepText },
        });
        parentPort.postMessage({ type: 'opened' });
      } else if (msg.type === 'query') {
        const res = await pg.query(msg.sql, msg.params);
        parentPort.postMessage({ type: 'result', id: msg.id, rows: res.rows, affectedRows: res.affectedRows });
      } else if (msg.type === 'dump') {
        const blob = await pg.dumpDataDir('gzip');
        const data = await blob.arrayBuffer();
        parentPort.postMessage({ type: 'dumped', id: msg.id, data }, [data]);
      } else if (msg.type === 'close') {
        if (pg) await pg.close();
        pg = null;
        parentPort.postMessage({ type: 'closed', id: msg.id });
      }
    } catch (err) {
      if (msg.type === 'open') parentPort.postMessage({ type: 'open-failed', error: plain(err) });
      else parentPort.postMessage({ type: 'error', id: msg.id, error: plain(err) });
    }
  });
  parentPort.postMessage({ type: 'loaded' });
})().catch((err) => parentPort.postMessage({ type: 'open-failed', error: plain(err) }));
`;
