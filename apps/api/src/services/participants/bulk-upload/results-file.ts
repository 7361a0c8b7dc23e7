import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { DbOrTx } from '../../../db/client';
import { uploadResults } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { giveWay } from '../../../lib/give-way';
import { loadExcel } from '../../../lib/load-on-use';
import { sheetColumns } from '../../../lib/sheet-columns';
import { sheetName } from '../../../lib/sheet-name';
import type { RowOutcome } from './import-participants';
import type { UploadRow } from './map-rows';

/**
 * Results spreadsheets are kept a day, in the database so that any process serves them (housekeeping
 * deletes older ones). They hold unique codes, so the id is 128 random bits and only staff can fetch
 * them, through the event they belong to.
 */
export const RESULTS_TTL_MS = 24 * 60 * 60 * 1000;
const ID_PATTERN = /^[a-f0-9]{32}$/;

export function resultsFilename(date: Date): string {
  return `participants_results_${date.toISOString().slice(0, 10)}.xlsx`;
}

const YIELD_EVERY_ROWS = 200;

const STATUS_LABEL = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  error: 'Error',
} as const;

/** The message column: why a row failed, or what changed (or would have) on an existing participant. */
function outcomeMessage(outcome: RowOutcome, warning: string | undefined): string {
  if (outcome.status === 'error') return outcome.message;
  const changes =
    outcome.status === 'created' || outcome.status === 'unchanged'
      ? []
      : outcome.changes.map((c) => `${c.field}: ${c.old} → ${c.new}`);
  // A row imported without its phone number says why.
  return [...changes, ...(warning ? [warning] : [])].join('; ');
}

/** Writes and stores the results spreadsheet (every input row, its outcome, reason and unique code). */
export async function writeResultsFile(
  db: DbOrTx,
  eventId: number,
  rows: UploadRow[],
  outcomes: RowOutcome[],
): Promise<string> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.once('end', resolve);
    output.once('error', reject);
  });
  {
    // No styles and fast compression: twice as quick for 10,000 rows, and the upload waits for it.
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: false,
      zip: { zlib: { level: 1 } },
    });
    const sheet = workbook.addWorksheet(sheetName('Results'));
    sheet.columns = sheetColumns([
      ['row', null, 6],
      ['full_name', null, 28],
      ['email', null, 32],
      ['username', null, 20],
      ['phone', null, 16],
      ['organization', null, 24],
      ['job_title', null, 20],
      ['language', null, 10],
      ['status', null, 10],
      ['unique_code', null, 12],
      ['message', null, 60],
    ]);
    sheet.getRow(1).commit();
    for (const [i, r] of rows.entries()) {
      // Building the sheet is synchronous work on the main thread (about 0.15 ms a row): it gives
      // way to other requests every few hundred rows instead of holding them up for a whole file.
      if (i > 0 && i % YIELD_EVERY_ROWS === 0) await giveWay();
      const outcome = outcomes[i];
      if (!outcome) continue;
      // The uploaded text goes back as it came: written as text cells, which a spreadsheet shows
      // as they are and never runs as formulas (a leading apostrophe would show as typed).
      const text = {
        ...r.input,
        username: outcome.status === 'error' ? r.input.username : outcome.username,
        message: outcomeMessage(outcome, r.warning),
      };
      sheet
        .addRow({
          ...Object.fromEntries(Object.entries(text).map(([k, v]) => [k, String(v ?? '')])),
          row: r.row,
          status: STATUS_LABEL[outcome.status],
          unique_code: outcome.status === 'error' ? '' : outcome.uniqueCode,
        })
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  }
  await ended;
  const id = randomBytes(16).toString('hex');
  await db.insert(uploadResults).values({ id, eventId, content: Buffer.concat(chunks) });
  return id;
}

/** The stored results file of the event, or 404 when unknown, of another event, or expired. */
export async function openResultsFile(
  db: DbOrTx,
  eventId: number,
  id: string,
  nowMs: number,
): Promise<{ content: Buffer; filename: string }> {
  if (!ID_PATTERN.test(id)) throw new AppError('not_found', messages.uploadResultsNotFound);
  const [row] = await db
    .select({ content: uploadResults.content, createdAt: uploadResults.createdAt })
    .from(uploadResults)
    .where(
      and(
        eq(uploadResults.id, id),
        eq(uploadResults.eventId, eventId),
        gt(uploadResults.createdAt, new Date(nowMs - RESULTS_TTL_MS)),
      ),
    );
  if (!row) throw new AppError('not_found', messages.uploadResultsNotFound);
  return { content: row.content, filename: resultsFilename(row.createdAt) };
}
