// npm run bench:upload-memory: what a burst of large uploads does to the server's memory, and
// whether it comes back. Four uploads at once of a 50,000-row sheet of long cells (about 95 MB of
// XML once inflated, as a hostile client would send), on PGlite and on PostgreSQL: the process's
// RSS when idle, its peak, and 5 s and 30 s after the last answer. IMPORT_CONCURRENCY (2) bounds
// how many run; the others are answered 503 with Retry-After.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DATABASES, startTarget, table, type Target } from './participants-common';

const ROWS = 50_000;
const UPLOADS = 4;

async function writeHostileWorkbook(file: string): Promise<Buffer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['full_name', 'email', 'username', 'phone', 'organization', 'job_title']).commit();
  const long = 'x'.repeat(280);
  for (let i = 0; i < ROWS; i++) {
    sheet
      .addRow([`${long} ${i}`, `m${i}@example.org`, '', `${long}${i}`, `${long}${i}`, `${long}${i}`])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return readFileSync(file);
}

async function upload(target: Target, data: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'participants.xlsx');
  const res = await fetch(`${target.url}/api/events/${target.eventId}/participants/bulk_upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}` },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-upload-memory-'));
const data = await writeHostileWorkbook(path.join(dir, 'hostile.xlsx'));
console.log(
  `Workbook: ${ROWS.toLocaleString('en-US')} rows, ${(data.length / 1e6).toFixed(1)} MB compressed.`,
);
const rows: (string | number)[][] = [];
try {
  for (const database of DATABASES) {
    let target: Target;
    try {
      target = await startTarget({ databaseUrl: database.url });
    } catch (err) {
      console.error(`${database.label} skipped: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    try {
      await sleep(2000);
      const idle = await target.stats(true);
      const statuses = await Promise.all(Array.from({ length: UPLOADS }, () => upload(target, data)));
      const during = await target.stats();
      await sleep(5000);
      const after5 = await target.stats();
      await sleep(25_000);
      const after30 = await target.stats();
      const count = (code: number) => statuses.filter((s) => s === code).length;
      rows.push([
        database.label,
        `${count(200)} × 200, ${count(503)} × 503`,
        idle.rssMb,
        during.peakRssMb,
        after5.rssMb,
        after30.rssMb,
      ]);
    } finally {
      await target.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  table(
    ['database', `${UPLOADS} uploads at once`, 'idle RSS MB', 'peak MB', 'after 5 s MB', 'after 30 s MB'],
    rows,
  ),
);
