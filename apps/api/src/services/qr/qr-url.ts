import { createHmac, timingSafeEqual } from 'node:crypto';

/** The participant's QR image URL, or null while attendance is unconfirmed. */
export type QrUrlFor = (participant: {
  id: number;
  eventId: number;
  confirmedAttendance: boolean;
}) => string | null;

const DAY_SECONDS = 24 * 60 * 60;
/** How long a QR image URL stays valid; it is re-issued with every participant read. */
export const QR_URL_LIFETIME_SECONDS = 7 * DAY_SECONDS;
const SIGNATURE_BYTES = 16;

/** A key for QR image URLs only, derived from SECRET_KEY so it is never the token-signing key itself. */
export function qrUrlKey(secretKey: string): Buffer {
  return createHmac('sha256', secretKey).update('attend/qr-image-url/v1').digest();
}

function signature(key: Buffer, participantId: number, exp: number): string {
  return createHmac('sha256', key)
    .update(`${participantId}.${exp}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

/**
 * Expiry rounded up to a whole day, so the URL (and the browser's cached image) stays the same for a
 * day instead of changing on every request.
 */
export function qrUrlExpiry(nowMs: number): number {
  const now = Math.floor(nowMs / 1000);
  return Math.ceil((now + QR_URL_LIFETIME_SECONDS) / DAY_SECONDS) * DAY_SECONDS;
}

export function qrImagePath(key: Buffer, participantId: number, exp: number): string {
  return `/api/qr/${participantId}.png?exp=${exp}&sig=${signature(key, participantId, exp)}`;
}

/**
 * `app.qrUrlFor`: synchronous (HMAC only) so every participant serializer can call it. Null until
 * attendance is confirmed: the QR code exists only then.
 */
export function createQrUrlFor(secretKey: string, publicUrl: string, now: () => number = Date.now): QrUrlFor {
  const key = qrUrlKey(secretKey);
  return (p) => (p.confirmedAttendance ? `${publicUrl}${qrImagePath(key, p.id, qrUrlExpiry(now()))}` : null);
}

/** True when the signature matches and the URL has not expired (constant-time comparison). */
export function verifyQrImageUrl(
  key: Buffer,
  params: { participantId: number; exp: number; sig: string },
  nowMs: number,
): boolean {
  if (params.exp * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(key, params.participantId, params.exp));
  const given = Buffer.from(params.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
