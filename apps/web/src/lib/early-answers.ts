import { answerOf } from './http';

/** The page's main answer index.html asked for, with what it was asked for. */
type EarlyAnswer = { path: string; language: string; response: Promise<Response> };

/**
 * The QR code's image index.html asked for, with this time parameter: either at the address kept
 * with the user (`url`), or at the one of the API's `response`, once it has answered.
 */
type EarlyQr = { stamp: number; url: string | null; response?: Promise<Response> };

declare global {
  interface Window {
    /**
     * The session's refresh, sent by index.html while the app's code is still on its way, when the
     * readable companion of the refresh cookie is there.
     */
    attendEarlyRefresh?: Promise<Response>;
    /**
     * On a signed-in participant's page, that page's main answer, asked for by index.html with the
     * refreshed token (null when the refresh did not give a participant this page is for).
     */
    attendEarlyAnswer?: Promise<EarlyAnswer | null>;
    /**
     * On the event, tag and QR pages of a confirmed participant, their QR code's image (null
     * when the refresh did not give a confirmed participant this page is for).
     */
    attendEarlyQr?: Promise<EarlyQr | null>;
  }
}

/**
 * index.html's inline script sends the requests a signed-in visit starts with while the app's code
 * is still on its way (a slow network takes seconds for it): the refresh, the participant's page's
 * main answer and their QR code's image. Each is taken once, by the code that would otherwise send it.
 */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.attendEarlyRefresh;
  delete window.attendEarlyRefresh;
  return early;
}

/**
 * The answer index.html asked for, when it is this GET in this language: `body` is read as `http`
 * reads one (it rejects on a failure; the page's own call then asks again). Undefined otherwise, and
 * after the first call.
 */
export async function takeEarlyAnswer(
  path: string,
  language: string,
): Promise<{ body: Promise<unknown> } | undefined> {
  if (typeof window === 'undefined') return undefined;
  const early = window.attendEarlyAnswer;
  delete window.attendEarlyAnswer;
  const sent = await early?.catch(() => null);
  if (!sent || sent.path !== path || sent.language !== language) return undefined;
  return { body: answerOf(sent.response) };
}

/**
 * The QR code's image index.html asked for, once: its time parameter, its address, and (when the
 * script asked the API for a fresh one) the API's answer, `body` read as `http` reads one.
 */
export async function takeEarlyQr(): Promise<
  { stamp: number; url: string | null; body?: Promise<unknown> } | undefined
> {
  if (typeof window === 'undefined') return undefined;
  const early = window.attendEarlyQr;
  delete window.attendEarlyQr;
  const sent = await early?.catch(() => null);
  if (!sent) return undefined;
  return { stamp: sent.stamp, url: sent.url, body: sent.response && answerOf(sent.response) };
}
