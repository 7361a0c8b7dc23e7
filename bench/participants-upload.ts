// npm run bench:upload: POST …/participants/bulk_upload/ with generated .xlsx files of 10,000 and
// 50,000 new participants (then the 10,000 again: all updates), on PGlite and on PostgreSQL. Each
// size runs in a fresh server process, so its peak memory is the upload's own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DATABASES, startTarget, table, type Target } from './participants-common';
import { participantRow } from './participants-data';

const SIZES = (process.env.BENCH_UPLOAD_SIZES ?? '10000,50000').split(',').map(Number);

async function writeWorkbook(file: string, rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['full_name', 'email', 'username', 'phone', 'organization', 'job_title']).commit();
  for (let i = 0; i < rows; i++) {
    const r = participantRow(i, 'up.');
    sheet.addRow([r.full_name, r.email, '', r.phone, r.organization, r.job_title]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return readFileSync(file);
}

async function upload(target: Target, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'participants.xlsx');
  await target.stats(true);
  const started = performance.now();
  const res = await fetch(`${target.url}/api/events/${target.eventId}/participants/bulk_upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}` },
    body: form,
  });
  const body = (await res.json()) as { created: number; updated: number; errors: number; detail?: string };
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${body.detail}`);
  return { seconds, body, stats: await target.stats() };
}

const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-upload-'));
const files = new Map<number, Buffer>();
for (const size of SIZES) files.set(size, await writeWorkbook(path.join(dir, `${size}.xlsx`), size));

const rows: (string | number)[][] = [];
try {
  for (const database of DATABASES) {
    for (const size of SIZES) {
      const data = files.get(size) ?? Buffer.alloc(0);
      let target: Target;
      try {
        target = await startTarget({ databaseUrl: database.url });
      } catch (err) {
        console.error(`${database.label} skipped: ${err instanceof Error ? err.message : String(err)}`);
        break;
      }
      try {
        const before = await target.stats();
        const runs = [{ label: 'new', run: await upload(target, data) }];
        if (size === SIZES[0]) runs.push({ label: 'again (updates)', run: await upload(target, data) });
        for (const { label, run } of runs) {
          rows.push([
            database.label,
            `${size.toLocaleString('en-US')} ${label}`,
            (data.length / 1024 / 1024).toFixed(1),
            run.seconds.toFixed(2),
            Math.round(size / run.seconds),
            `${run.body.created}/${run.body.updated}/${run.body.errors}`,
            before.rssMb,
            run.stats.peakRssMb,
            run.stats.maxRssMb,
          ]);
        }
      } finally {
        await target.stop();
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log('\nBulk upload (.xlsx, one request each; fresh server process per size)');
console.log(
  table(
    [
      'database',
      'rows',
      'file MB',
      'seconds',
      'rows/s',
      'created/updated/errors',
      'RSS before MB',
      'peak RSS MB (sampled)',
      'process max RSS MB',
    ],
    rows,
  ),
);
