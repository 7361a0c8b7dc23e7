import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * A device a staff member has signed in from (OWASP's "device cookie" against online guessing):
 * the staff id, a random nonce and an HMAC under SECRET_KEY. When an account's failures reach their
 * ceiling, a device with this cookie still signs in; guessers, who have none, do not.
 */
export const DEVICE_COOKIE = 'staff_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const PATH = '/api/auth/';

function mac(secret: string, staffId: number, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`attend/staff-device/v1\0${staffId}\0${nonce}`)
    .digest('base64url');
}

export function setDeviceCookie(reply: FastifyReply, secret: string, staffId: number, secure: boolean): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${staffId}.${nonce}.${mac(secret, staffId, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The staff id a device cookie was issued to, or null when there is none or it is not ours. */
export function deviceCookieStaffId(secret: string, value: string | undefined): number | null {
  const match = /^(\d{1,10})\.([\w-]{22})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const staffId = Number(match[1]);
  const expected = Buffer.from(mac(secret, staffId, match[2] ?? ''));
  const given = Buffer.from(match[3] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? staffId : null;
}
