// npm run bench:upload: POST …/participants/bulk_upload/ with generated .xlsx files of 10,000 and
// 50,000 new participants (then the 10,000 again: every row matches and nothing changes), on PGlite
// and on PostgreSQL. Each size runs in a fresh server process, so its peak memory is the upload's own.
// Then the preview: a 10,000-row sheet previewed against an event holding 10,000 participants (most
// e-mails match, some rows change a name or an organisation, some are new), and the upload of that
// same sheet (create and update), the write path the preview is compared with.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DATABASES, startTarget, table, type Target } from './participants-common';
import { participantRow } from './participants-data';

const SIZES = (process.env.BENCH_UPLOAD_SIZES ?? '10000,50000').split(',').map(Number);

const SKIP_PREVIEW = process.env.BENCH_UPLOAD_PREVIEW === '0';
const PREVIEW_ROWS = 10_000;
/** Of the preview sheet: rows past this are new e-mails; every 10th earlier row renames, every 50th (+1) moves organisation. */
const PREVIEW_MATCHING = 9_800;

function previewRow(i: number): string[] {
  const r = participantRow(i, i < PREVIEW_MATCHING ? 'up.' : 'new.');
  const name = i < PREVIEW_MATCHING && i % 10 === 0 ? `${r.full_name} Jr` : r.full_name;
  const org = i < PREVIEW_MATCHING && i % 50 === 1 ? `${r.organization} (moved)` : r.organization;
  return [name, r.email, '', r.phone, org, r.job_title];
}

async function writeWorkbook(
  file: string,
  rows: number,
  row: (i: number) => string[] = (i) => {
    const r = participantRow(i, 'up.');
    return [r.full_name, r.email, '', r.phone, r.organization, r.job_title];
  },
): Promise<Buffer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['full_name', 'email', 'username', 'phone', 'organization', 'job_title']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  return readFileSync(file);
}

async function post<T>(target: Target, data: Buffer, path: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'participants.xlsx');
  await target.stats(true);
  const started = performance.now();
  const res = await fetch(`${target.url}/api/events/${target.eventId}/participants/bulk_upload/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}` },
    body: form,
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const body = JSON.parse(text) as T & { detail?: string };
  if (res.status !== 200) throw new Error(`${path || 'upload'} answered ${res.status}: ${body.detail}`);
  return { seconds, body, bytes: text.length, stats: await target.stats() };
}

type UploadBody = { created: number; updated: number; errors: number; unchanged: number };
type PreviewBody = UploadBody & { changes: unknown[]; fingerprint: string };
const upload = (target: Target, data: Buffer, query = '') => post<UploadBody>(target, data, query);

const dir = mkdtempSync(path.join(tmpdir(), 'attend-bench-upload-'));
const files = new Map<number, Buffer>();
for (const size of SIZES) files.set(size, await writeWorkbook(path.join(dir, `${size}.xlsx`), size));

const rows: (string | number)[][] = [];
const previewRows: (string | number)[][] = [];
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
        if (size === SIZES[0]) runs.push({ label: 'again (no changes)', run: await upload(target, data) });
        for (const { label, run } of runs) {
          rows.push([
            database.label,
            `${size.toLocaleString('en-US')} ${label}`,
            (data.length / 1024 / 1024).toFixed(1),
            run.seconds.toFixed(2),
            Math.round(size / run.seconds),
            `${run.body.created}/${run.body.updated}/${run.body.unchanged}/${run.body.errors}`,
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

  if (!SKIP_PREVIEW) {
    const existing = await writeWorkbook(path.join(dir, 'existing.xlsx'), PREVIEW_ROWS);
    const sheet = await writeWorkbook(path.join(dir, 'preview.xlsx'), PREVIEW_ROWS, previewRow);
    for (const database of DATABASES) {
      let target: Target;
      try {
        target = await startTarget({ databaseUrl: database.url });
      } catch (err) {
        console.error(`${database.label} skipped: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      try {
        await upload(target, existing);
        // Three previews (the first pays for loading the parser), then the upload of the same sheet.
        const previews = [];
        for (let i = 0; i < 3; i++) previews.push(await post<PreviewBody>(target, sheet, 'preview/'));
        const seconds = previews.map((p) => p.seconds).sort((a, b) => a - b);
        const last = previews[previews.length - 1];
        if (!last) throw new Error('no preview');
        const write = await upload(
          target,
          sheet,
          `?mode=create_and_update&fingerprint=${last.body.fingerprint}`,
        );
        const median = seconds[1] ?? 0;
        previewRows.push([
          database.label,
          `${last.body.created}/${last.body.updated}/${last.body.unchanged}/${last.body.errors}`,
          seconds.map((x) => x.toFixed(2)).join(' / '),
          median.toFixed(2),
          (last.bytes / 1024).toFixed(0),
          last.body.changes.length,
          Math.max(...previews.map((p) => p.stats.peakRssMb)),
          write.seconds.toFixed(2),
          `${write.body.created}/${write.body.updated}/${write.body.unchanged}/${write.body.errors}`,
          (median / write.seconds).toFixed(2),
        ]);
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
      'created/updated/unchanged/errors',
      'RSS before MB',
      'peak RSS MB (sampled)',
      'process max RSS MB',
    ],
    rows,
  ),
);

if (previewRows.length > 0) {
  console.log(
    `\nPreview of a ${PREVIEW_ROWS.toLocaleString('en-US')}-row sheet against ${PREVIEW_ROWS.toLocaleString('en-US')} participants (target < 3 s), and the upload of that sheet`,
  );
  console.log(
    table(
      [
        'database',
        'preview created/updated/unchanged/errors',
        'preview s (3 runs)',
        'preview median s',
        'response KB',
        'changes listed',
        'preview peak RSS MB',
        'upload s',
        'upload created/updated/unchanged/errors',
        'preview / upload',
      ],
      previewRows,
    ),
  );
}
