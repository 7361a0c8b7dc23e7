import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { fetchFile, saveBlob } from '../../../lib/transfer';

/** GET /api/participants/me/calendar.ics: the participant's registered sessions, saved as a file. */
export async function downloadMyCalendar(): Promise<void> {
  saveBlob(await fetchFile(apiPaths.myCalendarIcs()), 'my-sessions.ics');
}

/** GET /api/events/{eventId}/sessions/calendar.ics (staff): the whole programme, saved as a file. */
export async function downloadProgrammeCalendar(eventId: number): Promise<void> {
  saveBlob(await fetchFile(apiPaths.programmeCalendarIcs(eventId)), `programme-${eventId}.ics`);
}

export function useDownloadMyCalendar() {
  return useMutation({ mutationFn: downloadMyCalendar });
}

export function useDownloadProgrammeCalendar() {
  return useMutation({ mutationFn: downloadProgrammeCalendar });
}
