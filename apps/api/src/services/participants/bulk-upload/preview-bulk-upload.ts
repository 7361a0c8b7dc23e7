import { BULK_UPLOAD_PREVIEW_CHANGES, type TBulkUploadPreview } from '@attend/shared';
import type { Db } from '../../../db/client';
import type { StaffActor } from '../../../lib/tokens';
import { eventPhoneCountry } from '../phone-numbers';
import { errorDetails, readUploadRows } from './bulk-upload-participants';
import { countOutcomes, plan, readExisting } from './import-participants';
import { fileDigest, previewFingerprint } from './preview-diff';
import type { ReadLimits } from './read-workbook';

/**
 * What a bulk upload of this file would do to the event, writing nothing: the rows that would
 * create participants, the existing participants that would change (field by field, old and new as
 * the import would store them; the first BULK_UPLOAD_PREVIEW_CHANGES listed, all counted), those
 * already up to date, and the rows in error. The file is planned exactly as the upload plans it
 * (`create_and_update`), against the event's participants only.
 */
export async function previewBulkUpload(
  db: Db,
  _actor: StaffActor,
  params: { eventId: number; filename: string; data: Buffer; limits?: Partial<ReadLimits> },
): Promise<TBulkUploadPreview> {
  const country = await eventPhoneCountry(db, params.eventId);
  const rows = await readUploadRows(params.filename, params.data, { country, limits: params.limits });
  const { outcomes } = await plan(rows, await readExisting(db, params.eventId), 'create_and_update');
  const changes: TBulkUploadPreview['changes'] = [];
  for (const [i, o] of outcomes.entries()) {
    if (changes.length >= BULK_UPLOAD_PREVIEW_CHANGES) break;
    const row = rows[i];
    if (o.status !== 'updated' || !row) continue;
    changes.push({
      row: row.row,
      participant_id: o.participantId,
      email: o.email,
      full_name: o.fullName,
      fields: o.changes,
    });
  }
  const counts = countOutcomes(outcomes);
  return {
    total_rows: rows.length,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    errors: counts.errors,
    changes,
    error_details: errorDetails(rows, outcomes),
    fingerprint: previewFingerprint(fileDigest(params.data), outcomes),
  };
}
