import { sameOriginUrl } from './same-origin-url';

/** The image URL with a cache-busting time parameter (document 1 §7). */
export function withTimestamp(url: string, time: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${time}`;
}

/** How long an image fetched ahead waits for its page. */
const AHEAD_FOR_MS = 10_000;

let prepared: { url: string; stamp: number } | null = null;

/**
 * Starts downloading the QR image of this URL (as the API gives it) before its page has drawn
 * (app/fetch-ahead.ts): on a phone the image is what the event page waits for last. The page then
 * asks for the very same address (qrStamp), which the browser has already, or has on its way.
 */
export function prepareQrImage(url: string): void {
  const stamp = Date.now();
  notePreparedQrImage(url, stamp);
  const image = new Image();
  image.src = withTimestamp(sameOriginUrl(url), stamp);
}

/** The QR image of this URL is on its way with this time parameter (index.html asked for it). */
export function notePreparedQrImage(url: string, stamp: number): void {
  prepared = { url, stamp };
}

/** The time parameter this QR URL's image was fetched ahead with, if it was (within 10 s). */
export function preparedQrStamp(url: string): number | null {
  const ahead = prepared;
  return ahead?.url === url && Date.now() - ahead.stamp < AHEAD_FOR_MS ? ahead.stamp : null;
}

/**
 * The time parameter for this QR URL: the one its image was fetched ahead with (once, for the same
 * URL, within 10 s), or now.
 */
export function qrStamp(url: string): number {
  const stamp = preparedQrStamp(url);
  if (prepared?.url === url) prepared = null;
  return stamp ?? Date.now();
}
