import {
  BULK_UPLOAD_ERRORS_SHOWN,
  BULK_UPLOAD_MAX_ROWS,
  format,
  messages,
  type TBulkUploadMode,
  type TBulkUploadResult,
} from '@attend/shared';
import type { Db } from '../../../db/client';
import { giveWay } from '../../../lib/give-way';
import type { StaffActor } from '../../../lib/tokens';
import { REFRESH_AFTER_ROWS, refreshSearchIndexes } from '../maintenance';
import { eventPhoneCountry } from '../phone-numbers';
import { importParticipants, type RowOutcome } from './import-participants';
import { mapRows, type UploadRow } from './map-rows';
import { fileDigest } from './preview-diff';
import { DEFAULT_READ_LIMITS, readUploadedSheet, type ReadLimits } from './read-workbook';
import { resultsFilename, writeResultsFile } from './results-file';

/**
 * The first BULK_UPLOAD_ERRORS_SHOWN rejected rows, for display, with the rows imported without their
 * phone number (listed, not counted as errors).
 */
export function errorDetails(rows: UploadRow[], outcomes: RowOutcome[]): TBulkUploadResult['error_details'] {
  const details: TBulkUploadResult['error_details'] = [];
  for (const [i, o] of outcomes.entries()) {
    if (details.length >= BULK_UPLOAD_ERRORS_SHOWN) break;
    const row = rows[i];
    if (!row) continue;
    if (o.status === 'error') details.push({ row: row.row, email: row.input.email, message: o.message });
    else if (row.warning) details.push({ row: row.row, email: row.input.email, message: row.warning });
  }
  return details;
}

/**
 * The uploaded workbook's rows, mapped and validated, phone numbers read with the event's country (a
 * file that cannot be read answers 400).
 */
export async function readUploadRows(
  filename: string,
  data: Buffer,
  options: { country: string; limits?: Partial<ReadLimits> },
): Promise<UploadRow[]> {
  const sheet = await readUploadedSheet(filename, data, {
    maxRows: BULK_UPLOAD_MAX_ROWS,
    ...DEFAULT_READ_LIMITS,
    ...options.limits,
  });
  return mapRows(sheet, { country: options.country });
}

export function resultsPath(eventId: number, id: string): string {
  return `/api/events/${eventId}/participants/bulk_upload/results/${id}/`;
}

/**
 * Bulk upload (document 2 §2): reads the first sheet, validates every row, creates participants and,
 * in `create_and_update` mode, updates the existing ones whose values change (all of the file's
 * valid rows or none, applied in short steps), and stores a results spreadsheet listing every row. A
 * file that cannot be read, or is over a limit, changes nothing and answers 400 with the reason; a
 * `fingerprint` from a preview that no longer holds changes nothing and answers 409.
 */
export async function bulkUploadParticipants(
  db: Db,
  actor: StaffActor,
  params: {
    eventId: number;
    filename: string;
    data: Buffer;
    ip: string;
    mode?: TBulkUploadMode;
    /** The fingerprint of the preview the user saw (ZBulkUploadPreview). */
    fingerprint?: string;
    limits?: Partial<ReadLimits>;
    onResultsFileError?: (err: unknown) => void;
    onMaintenanceError?: (err: unknown) => void;
  },
): Promise<TBulkUploadResult> {
  const { eventId } = params;
  const country = await eventPhoneCountry(db, eventId);
  const mode = params.mode ?? 'create_and_update';
  const rows = await readUploadRows(params.filename, params.data, { country, limits: params.limits });
  const summary = await importParticipants(db, actor, {
    eventId,
    rows,
    ip: params.ip,
    mode,
    expected: params.fingerprint
      ? { fingerprint: params.fingerprint, fileDigest: fileDigest(params.data) }
      : undefined,
  });
  await giveWay();
  if (summary.created + summary.updated >= REFRESH_AFTER_ROWS) {
    await refreshSearchIndexes(db).catch((err: unknown) => params.onMaintenanceError?.(err));
  }

  let downloadUrl: string | null = null;
  try {
    const id = await writeResultsFile(db, eventId, rows, summary.outcomes);
    downloadUrl = resultsPath(eventId, id);
  } catch (err) {
    // The participants are saved; a failure to store the spreadsheet only costs its download.
    params.onResultsFileError?.(err);
  }

  const counts = { created: summary.created, updated: summary.updated, errors: summary.errors };
  return {
    ...counts,
    unchanged: summary.unchanged,
    skipped: summary.skipped,
    mode,
    total_rows: rows.length,
    error_details: errorDetails(rows, summary.outcomes),
    download_url: downloadUrl,
    filename: resultsFilename(new Date()),
    message: format(summary.errors > 0 ? messages.uploadWithIssues : messages.uploadSuccess, counts),
  };
}
