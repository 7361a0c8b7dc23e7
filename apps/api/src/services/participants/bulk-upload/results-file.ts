import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { neutraliseCell } from '../../../lib/formula-cells';
import { sheetColumns } from '../../../lib/sheet-columns';
import { messages } from '@attend/shared';
import { AppError } from '../../../lib/app-error';
import type { RowOutcome } from './import-participants';
import type { UploadRow } from './map-rows';

/**
 * Results spreadsheets live in DATA_DIR/upload-results/{eventId}/{id}.xlsx for a day. They hold
 * unique codes, so the id is 128 random bits, the files are readable by the server's user only, and
 * only staff can fetch them, through the event they belong to.
 */
export const RESULTS_TTL_MS = 24 * 60 * 60 * 1000;
const ID_PATTERN = /^[a-f0-9]{32}$/;

function root(dataDir: string): string {
  return path.join(dataDir, 'upload-results');
}

export function resultsFilename(date: Date): string {
  return `participants_results_${date.toISOString().slice(0, 10)}.xlsx`;
}

const STATUS_LABEL = { created: 'Created', updated: 'Updated', error: 'Error' } as const;

/** Writes the results spreadsheet (every input row, its outcome, reason and unique code), streaming. */
export async function writeResultsFile(
  dataDir: string,
  eventId: number,
  rows: UploadRow[],
  outcomes: RowOutcome[],
): Promise<string> {
  const dir = path.join(root(dataDir), String(eventId));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(16).toString('hex');
  const partial = path.join(dir, `${id}.partial`);
  try {
    // No styles and fast compression: twice as quick for 10,000 rows, and the upload waits for it.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: partial,
      useStyles: false,
      zip: { zlib: { level: 1 } },
    });
    const sheet = workbook.addWorksheet('Results');
    sheet.columns = sheetColumns([
      ['row', null, 6],
      ['full_name', null, 28],
      ['email', null, 32],
      ['username', null, 20],
      ['phone', null, 16],
      ['organization', null, 24],
      ['job_title', null, 20],
      ['status', null, 10],
      ['unique_code', null, 12],
      ['message', null, 60],
    ]);
    sheet.getRow(1).commit();
    rows.forEach((r, i) => {
      const outcome = outcomes[i];
      if (!outcome) return;
      // The uploaded text goes back as it came, neutralised like every other export: a cell that a
      // spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe.
      const text = {
        ...r.input,
        username: outcome.status === 'error' ? r.input.username : outcome.username,
        message: outcome.status === 'error' ? outcome.message : '',
      };
      sheet
        .addRow({
          ...Object.fromEntries(Object.entries(text).map(([k, v]) => [k, neutraliseCell(String(v ?? ''))])),
          row: r.row,
          status: STATUS_LABEL[outcome.status],
          unique_code: outcome.status === 'error' ? '' : outcome.uniqueCode,
        })
        .commit();
    });
    sheet.commit();
    await workbook.commit();
    await rename(partial, path.join(dir, `${id}.xlsx`));
    return id;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** The stored results file of the event, or 404 when unknown, of another event, or expired. */
export async function openResultsFile(
  dataDir: string,
  eventId: number,
  id: string,
  nowMs: number,
): Promise<{ stream: ReadStream; filename: string; size: number }> {
  if (!ID_PATTERN.test(id)) throw new AppError('not_found', messages.uploadResultsNotFound);
  const file = path.join(root(dataDir), String(eventId), `${id}.xlsx`);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || nowMs - info.mtimeMs > RESULTS_TTL_MS) {
    throw new AppError('not_found', messages.uploadResultsNotFound);
  }
  return { stream: createReadStream(file), filename: resultsFilename(info.mtime), size: info.size };
}

/** Deletes results files older than a day (called after each upload; cheap: one directory walk). */
export async function sweepResultsFiles(dataDir: string, nowMs: number): Promise<void> {
  const base = root(dataDir);
  const eventDirs = await readdir(base).catch(() => [] as string[]);
  for (const eventDir of eventDirs) {
    const dir = path.join(base, eventDir);
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const name of files) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && nowMs - info.mtimeMs > RESULTS_TTL_MS) await rm(file, { force: true });
    }
  }
}
