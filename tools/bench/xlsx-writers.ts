/**
 * The export's sheet writer against exceljs's streaming WorkbookWriter: 100,000 rows of the export benchmark's
 * shape written to a counting sink, one writer per process run (`npx tsx tools/bench/xlsx-writers.ts ours|exceljs`),
 * printing time, output size and peak RSS growth. Decides whether server/core/xlsx-writer.ts stays.
 */
import { Writable } from 'node:stream';
import { XlsxStreamWriter } from '../../server/core/xlsx-writer';

const ROWS = 100_000;
const which = process.argv[2] === 'exceljs' ? 'exceljs' : 'ours';

const row = (g: number) => [
  `导出基准数据 ${g}`,
  String(g % 20),
  (g % 1000) * 1.25,
  g % 2 ? '男' : '女',
  '2024-03-01',
  `${'备注'.repeat(10)}${g}`,
];

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    bytes += chunk.length;
    done();
  },
});

const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();

if (which === 'ours') {
  const writer = new XlsxStreamWriter(sink);
  await writer.start({ sheetName: '导出基准', widths: [20, 10, 10, 8, 12, 30] });
  await writer.addRow(['标题', '类别', '金额', '性别', '到期日', '备注']);
  for (let g = 1; g <= ROWS; g++) await writer.addRow(row(g));
  await writer.finish();
  sink.end();
} else {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('导出基准');
  sheet.addRow(['标题', '类别', '金额', '性别', '到期日', '备注']).commit();
  for (let g = 1; g <= ROWS; g++) sheet.addRow(row(g)).commit();
  sheet.commit();
  await book.commit();
}
await new Promise((r) => setTimeout(r, 50));
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  `${which}: ${ROWS} rows in ${Math.round(performance.now() - started)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB, peak RSS +${Math.round((peak - before) / 1024 / 1024)} MB`,
);
