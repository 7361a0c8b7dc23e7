import { z } from 'zod';

/** The largest id the database's `integer` columns hold (2^31 - 1). */
export const MAX_ID = 2 ** 31 - 1;

export const ID_MESSAGE = `Each id must be a whole number from 1 to ${MAX_ID}.`;

/**
 * An id in a JSON body: a whole number from 1 to MAX_ID. Larger numbers would reach PostgreSQL and
 * fail there (a 500), so every id is bounded here, wherever it arrives; the OpenAPI document shows
 * the bound. `message` replaces the default sentence for every way the value can be wrong.
 */
export function zId(message: string = ID_MESSAGE) {
  return z.number({ error: message }).int().positive().max(MAX_ID);
}

/**
 * An id that arrives as text (a URL, a query string, a form field): digits, spaces around them
 * ignored, read as zId. Anything else ('1e3', '0x10', '1.5', '') is refused, never guessed at.
 */
export function zIdParam(message: string = ID_MESSAGE) {
  return z.preprocess(
    (v: number | string) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    zId(message),
  );
}

/** Every id field of a JSON body (participant_ids, event_ids, session, …). */
export const ZId = zId();
/** Every id in a path or a query string (`RouteId` on the API), and body fields forms send as text. */
export const ZIdParam = zIdParam();
