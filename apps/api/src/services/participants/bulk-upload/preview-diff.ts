import { createHash } from 'node:crypto';
import type { TBulkUploadChangeField } from '@attend/shared';
import type { RowOutcome } from './import-participants';
import type { UploadRow } from './map-rows';

/** The stored values of an existing participant that an import compares and may change. */
export type ExistingParticipant = {
  fullName: string;
  phone: string;
  organization: string;
  jobTitle: string;
  language: string;
};

export type FieldChange = { field: TBulkUploadChangeField; old: string; new: string };

type Valid = NonNullable<UploadRow['valid']>;

/**
 * The fields an update would change, old and new as they would be stored: the name is always
 * written, a blank optional cell keeps what the participant has (the rule of the update statement in
 * import-participants.ts), so a blank cell is never a change.
 */
export function diffParticipant(current: ExistingParticipant, row: Valid): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: TBulkUploadChangeField, old: string, value: string, keepBlank: boolean) => {
    if (keepBlank && value === '') return;
    if (value !== old) changes.push({ field, old, new: value });
  };
  compare('full_name', current.fullName, row.full_name, false);
  compare('phone', current.phone, row.phone, true);
  compare('organization', current.organization, row.organization, true);
  compare('job_title', current.jobTitle, row.job_title, true);
  compare('language', current.language, row.language, true);
  return changes;
}

export function fileDigest(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Identifies what an upload of this file would do to the participants as they are now: the file's
 * digest and, row by row, its fate (created, error and why, or the participant it matches and the
 * changes). A row skipped under `create_only` counts as the update it would have been, so one
 * preview serves both modes. Usernames and codes given to new participants are not part of it.
 */
export function previewFingerprint(digest: string, outcomes: RowOutcome[]): string {
  const hash = createHash('sha256').update(digest);
  for (const o of outcomes) {
    switch (o.status) {
      case 'created':
        hash.update('\u0001c');
        break;
      case 'error':
        hash.update(`\u0001e${o.message}`);
        break;
      case 'unchanged':
        hash.update(`\u0001n${o.participantId}`);
        break;
      default:
        hash.update(`\u0001u${o.participantId}\u0002${JSON.stringify(o.changes)}`);
    }
  }
  return hash.digest('hex');
}
