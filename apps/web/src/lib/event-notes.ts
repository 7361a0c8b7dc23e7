import { standardEventNotesCount } from '@attend/shared';
import { t } from './i18n';

/**
 * An event's notes as a screen shows them: the standard notes (sent by the server in English, or
 * saved by staff as they were) in the reader's language, notes staff wrote as written.
 */
export function eventNotesText(notes: string): string {
  const count = standardEventNotesCount(notes);
  return count === null ? notes : t('event.standardNotes', { count });
}
