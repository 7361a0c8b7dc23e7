import type { LoaderFunction } from 'react-router';
import type { TParticipantSelf } from '@attend/shared';
import { apiPaths } from '../config/paths';
import { qrCodeUrlOf } from '../features/attendance/api/qr-code-url';
import { readLastShownUserId } from '../features/attendance/lib/last-shown-user';
import { prepareQrImage } from '../features/attendance/lib/qr-image';
import { fetchAhead } from '../lib/api-client';
import { isParticipant, whenSessionSettled } from '../lib/auth-session';

/** The participant's pages whose first answer is fetched ahead. */
type Page = 'event' | 'tag' | 'qr-code' | 'sessions';

let firstPageSeen = false;

/**
 * A route loader that asks for the participant page's main answer (the event, or its sessions) as
 * soon as the session is known, while the page's code is still on its way: the page's own call then
 * takes it (lib/api-client.ts, fetchAhead) instead of starting a round trip after the page is drawn.
 * Only for the first participant page of a visit: later pages' code is there already, and their
 * answers often in TanStack Query's cache. It never holds the page back (it returns at once).
 */
export function fetchAheadFor(page: Page): LoaderFunction {
  return ({ params }) => {
    if (firstPageSeen) return null;
    firstPageSeen = true;
    void whenSessionSettled().then(({ status, user }) => {
      if (status !== 'authenticated' || !isParticipant(user)) return;
      if (page === 'sessions') {
        void fetchAhead(apiPaths.eventSessions(user.event.id));
        return;
      }
      const eventId = page === 'qr-code' ? user.event.id : Number(params.eventId);
      // As the page asks (features/attendance/api/get-attendee-event.ts); another event is not theirs.
      if (eventId !== user.event.id) return;
      void fetchAhead(apiPaths.event(eventId), { 'Cache-Control': 'no-cache' });
      if (page === 'event' || page === 'qr-code') fetchQrImageAhead(user);
    });
    return null;
  };
}

/**
 * The QR image the event page and the QR page show a confirmed participant, the last thing a phone
 * waits for on them: as the page will ask (features/attendance/hooks/use-participant-qr.ts), the URL
 * kept with the user when this device last showed the same person, or else a fresh one from the API.
 */
function fetchQrImageAhead(participant: TParticipantSelf): void {
  if (!participant.confirmed_attendance) return;
  if (participant.qr_code_url && readLastShownUserId() === participant.id) {
    prepareQrImage(participant.qr_code_url);
    return;
  }
  void fetchAhead(apiPaths.myQrCode()).then(
    (body) => {
      const url = qrCodeUrlOf(body);
      if (url) prepareQrImage(url);
    },
    () => {},
  );
}
