import { tc } from '../i18n';

/**
 * The session of a check-in as the screen names it. The API names the main event 'Main Event' in
 * English (its exports and messages are English); a screen says it in the reader's language.
 */
export function checkInSessionName(record: { session: number | null; session_name: string }): string {
  return record.session === null ? tc('station.mainEvent') : record.session_name;
}
