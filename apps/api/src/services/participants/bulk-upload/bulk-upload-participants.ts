import { BULK_UPLOAD_MAX_ROWS, format, messages, type TBulkUploadResult } from '@attend/shared';
import type { Db } from '../../../db/client';
import { giveWay } from '../../../lib/give-way';
import type { StaffActor } from '../../../lib/tokens';
import { REFRESH_AFTER_ROWS, refreshSearchIndexes } from '../maintenance';
import { eventPhoneCountry } from '../phone-numbers';
import { importParticipants } from './import-participants';
import { mapRows } from './map-rows';
import { DEFAULT_READ_LIMITS, readUploadedSheet, type ReadLimits } from './read-workbook';
import { resultsFilename, writeResultsFile } from './results-file';

const ERROR_DETAILS_SHOWN = 100;

export function resultsPath(eventId: number, id: string): string {
  return `/api/events/${eventId}/participants/bulk_upload/results/${id}/`;
}

/**
 * Bulk upload (document 2 §2): reads the first sheet, validates every row, creates and updates
 * participants (all of the file's valid rows or none, applied in short steps), and stores a results spreadsheet listing every row. A file that
 * cannot be read, or is over a limit, changes nothing and answers 400 with the reason.
 */
export async function bulkUploadParticipants(
  db: Db,
  actor: StaffActor,
  params: {
    eventId: number;
    filename: string;
    data: Buffer;
    ip: string;
    limits?: Partial<ReadLimits>;
    onResultsFileError?: (err: unknown) => void;
    onMaintenanceError?: (err: unknown) => void;
  },
): Promise<TBulkUploadResult> {
  const { eventId } = params;
  const country = await eventPhoneCountry(db, eventId);
  const sheet = await readUploadedSheet(params.filename, params.data, {
    maxRows: BULK_UPLOAD_MAX_ROWS,
    ...DEFAULT_READ_LIMITS,
    ...params.limits,
  });
  const rows = await mapRows(sheet, { country });
  const summary = await importParticipants(db, actor, { eventId, rows, ip: params.ip });
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

  const errorDetails: TBulkUploadResult['error_details'] = [];
  summary.outcomes.forEach((o, i) => {
    const row = rows[i];
    if (o.status === 'error' && row && errorDetails.length < ERROR_DETAILS_SHOWN) {
      errorDetails.push({ row: row.row, email: row.input.email, message: o.message });
    }
    // A row imported without its phone number is listed too (it is not counted as an error).
    if (o.status !== 'error' && row?.warning && errorDetails.length < ERROR_DETAILS_SHOWN) {
      errorDetails.push({ row: row.row, email: row.input.email, message: row.warning });
    }
  });
  const counts = { created: summary.created, updated: summary.updated, errors: summary.errors };
  return {
    ...counts,
    total_rows: rows.length,
    error_details: errorDetails,
    download_url: downloadUrl,
    filename: resultsFilename(new Date()),
    message: format(summary.errors > 0 ? messages.uploadWithIssues : messages.uploadSuccess, counts),
  };
}
