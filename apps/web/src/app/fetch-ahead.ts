import type { LoaderFunction } from 'react-router';
import type { TParticipantSelf } from '@attend/shared';
import { apiPaths } from '../config/paths';
import { qrCodeUrlOf } from '../features/attendance/api/qr-code-url';
import { readLastShownUserId } from '../features/attendance/lib/last-shown-user';
import { notePreparedQrImage, preparedQrStamp, prepareQrImage } from '../features/attendance/lib/qr-image';
import { fetchAhead } from '../lib/api-client';
import { atMost } from '../lib/at-most';
import { isParticipant, whenSessionSettled } from '../lib/auth-session';
import { takeEarlyAnswer, takeEarlyQr } from '../lib/early-answers';
import { currentLanguage } from '../lib/i18n';
import { queryClient } from './provider';

/** The participant's pages whose first answer is fetched ahead. */
type Page = 'event' | 'tag' | 'qr-code' | 'sessions';

let firstPageSeen = false;

/**
 * Longest wait for the first page's main answer before the page is drawn without it (with its own
 * loading state): on a slow network the frame of index.html shows meanwhile.
 */
const FIRST_ANSWER_WAIT_MS = 3000;

/**
 * A route loader for the first participant page of a visit. As soon as the session is known it asks
 * for the page's main answer (the event, or its sessions) while the page's code is still on its
 * way, and puts it in TanStack Query's cache as the page's own query would: the page is then drawn
 * once, with its content, instead of a loading state first and everything again a moment later
 * (each a few hundred milliseconds of a slow phone's thread). It waits at most
 * FIRST_ANSWER_WAIT_MS, and never for a failure: the page then asks again itself and shows what it
 * gets. Later pages' code is there already, and their answers often in the cache: their loader
 * returns at once.
 */
export function fetchAheadFor(page: Page): LoaderFunction {
  return async ({ params }) => {
    if (firstPageSeen) return null;
    firstPageSeen = true;
    const answer = whenSessionSettled().then(({ status, user }) =>
      status === 'authenticated' && isParticipant(user) ? fetchFirstAnswer(page, user, params.eventId) : null,
    );
    await atMost(answer, FIRST_ANSWER_WAIT_MS);
    return null;
  };
}

/**
 * The first page's main answer, asked for now and put in the query cache as the page's query (which
 * takes the answer fetched ahead: no second request). A failure is not put there nor retried: the
 * page is drawn at once, and its own call asks again and shows what it gets.
 */
async function fetchFirstAnswer(page: Page, user: TParticipantSelf, eventParam: string | undefined) {
  if (page === 'sessions') {
    const url = apiPaths.eventSessions(user.event.id);
    const early = await takeEarlyAnswer(url, currentLanguage());
    const answer = fetchAhead(url, {}, early?.body);
    const code = import('../features/sessions/api/get-sessions');
    const [, { sessionsQueryOptions }] = await Promise.all([answer, code]);
    await queryClient.prefetchQuery({ ...sessionsQueryOptions(user.event.id), retry: false });
    return;
  }
  const eventId = page === 'qr-code' ? user.event.id : Number(eventParam);
  // As the page asks (features/attendance/api/get-attendee-event.ts); another event is not theirs.
  if (eventId !== user.event.id) return;
  const url = apiPaths.event(eventId);
  const early = await takeEarlyAnswer(url, currentLanguage());
  const answer = fetchAhead(url, { 'Cache-Control': 'no-cache' }, early?.body);
  // Its failure is the page's to show (its own query asks again), never an unhandled rejection.
  const qr = fetchQrAhead(user)
    .then(() => (page === 'tag' ? fetchTagQrDataAhead(user) : undefined))
    .catch(() => undefined);
  const code = import('../features/attendance/api/get-attendee-event');
  const [, { attendeeEventQueryOptions }] = await Promise.all([answer, code]);
  await Promise.all([queryClient.prefetchQuery({ ...attendeeEventQueryOptions(eventId), retry: false }), qr]);
}

/** The QR URL kept with the user, when this device last showed the same person (else null). */
function keptQrUrl(participant: TParticipantSelf): string | null {
  return participant.qr_code_url && readLastShownUserId() === participant.id ? participant.qr_code_url : null;
}

/**
 * The QR code the event page, the tag page and the QR page show a confirmed participant, the last
 * thing a phone waits for on them, as the page will ask (features/attendance/hooks/use-participant-qr.ts):
 * the URL kept with the user when this device last showed the same person, or else a fresh one from
 * the API, which is then put in the query cache as the page's query, so that the page's first
 * drawing has its image. Its image is requested now either way.
 */
async function fetchQrAhead(participant: TParticipantSelf): Promise<void> {
  if (!participant.confirmed_attendance) return;
  // index.html's script may have asked already, the same way (lib/early-answers.ts).
  const early = await takeEarlyQr();
  if (early?.url) {
    notePreparedQrImage(early.url, early.stamp);
    return;
  }
  const kept = keptQrUrl(participant);
  let fresh: Promise<unknown>;
  if (early?.body) {
    // The page's query (features/attendance/api/get-my-qr-code.ts) takes this answer, and then asks
    // for the image with the time parameter it was requested with.
    const { stamp } = early;
    fresh = fetchAhead(apiPaths.myQrCode(), {}, early.body).then((body) => {
      const url = qrCodeUrlOf(body);
      if (url) notePreparedQrImage(url, stamp);
    });
  } else if (kept) {
    prepareQrImage(kept);
    return;
  } else {
    fresh = fetchAhead(apiPaths.myQrCode()).then((body) => {
      const url = qrCodeUrlOf(body);
      if (url) prepareQrImage(url);
    });
  }
  const code = import('../features/attendance/api/get-my-qr-code');
  // A failure is not put in the cache: the page's own query asks again and shows what it gets.
  const [answered, { myQrCodeQueryOptions }] = await Promise.all([fresh.then(() => true), code]);
  if (answered) await queryClient.prefetchQuery({ ...myQrCodeQueryOptions(participant.id), retry: false });
}

/**
 * The tag page shows its QR code from the image's data (which it keeps for offline use and draws
 * into the PNG): read now from the image asked for ahead, so that the page's first drawing has it.
 */
async function fetchTagQrDataAhead(participant: TParticipantSelf): Promise<void> {
  if (!participant.confirmed_attendance) return;
  const [{ shownQrSrc }, { myQrCodeQueryOptions }, { imageDataQueryOptions }] = await Promise.all([
    import('../features/attendance/hooks/use-participant-qr'),
    import('../features/attendance/api/get-my-qr-code'),
    import('../features/tags/lib/image-data-query'),
  ]);
  // As the page will (features/attendance/hooks/use-participant-qr.ts): the kept URL with the time
  // parameter its image was asked for with, or else the fresh one the query has.
  const kept = keptQrUrl(participant);
  const stamp = kept ? preparedQrStamp(kept) : null;
  const src = shownQrSrc(
    kept && stamp !== null ? { url: kept, stamp } : null,
    kept ? undefined : queryClient.getQueryData(myQrCodeQueryOptions(participant.id).queryKey),
  );
  if (src) await queryClient.prefetchQuery({ ...imageDataQueryOptions(src), retry: false });
}
