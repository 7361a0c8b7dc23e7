import { describe, expect, it } from 'vitest';
import { readAccessToken } from '../src/lib/jwt';

/** base64url without padding, as JWTs carry it. */
function base64url(text: string): string {
  return btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A JWT-shaped token whose payload is `payload` serialised as JSON. */
function tokenWith(payload: unknown): string {
  return `${base64url(JSON.stringify({ alg: 'HS256' }))}.${base64url(JSON.stringify(payload))}.sig`;
}

// A fixed device time: 2025-01-01T00:00:00Z.
const NOW_MS = Date.UTC(2025, 0, 1);
const NOW_S = NOW_MS / 1000;

describe('readAccessToken', () => {
  it.each([
    ['an empty string', ''],
    ['one part', 'abc'],
    ['two parts', 'a.b'],
    ['four parts', `a.${base64url('{"exp":9999999999}')}.c.d`],
    ['an empty payload', 'a..c'],
    ['a payload that is not base64', 'a.@@@.c'],
    ['a payload that is not JSON', `a.${base64url('not json')}.c`],
    ['a JSON null payload', tokenWith(null)],
    ['a JSON number payload', tokenWith(42)],
  ])('treats a malformed token (%s) as absent', (_label, token) => {
    expect(readAccessToken(token, NOW_MS)).toBeNull();
  });

  it('treats a token without a numeric exp as absent', () => {
    expect(readAccessToken(tokenWith({ iat: NOW_S, participant_id: 3 }), NOW_MS)).toBeNull();
    expect(readAccessToken(tokenWith({ iat: NOW_S, exp: String(NOW_S + 900) }), NOW_MS)).toBeNull();
  });

  it('treats a token already expired by the device clock (no iat) as absent', () => {
    expect(readAccessToken(tokenWith({ exp: NOW_S - 1 }), NOW_MS)).toBeNull();
    expect(readAccessToken(tokenWith({ exp: NOW_S }), NOW_MS)).toBeNull();
  });

  it('treats a token with no lifetime left (exp <= iat) as absent', () => {
    expect(readAccessToken(tokenWith({ iat: NOW_S, exp: NOW_S }), NOW_MS)).toBeNull();
    expect(readAccessToken(tokenWith({ iat: NOW_S, exp: NOW_S - 60 }), NOW_MS)).toBeNull();
  });

  it('without iat, expires at exp on the device clock', () => {
    const claims = readAccessToken(tokenWith({ exp: NOW_S + 1 }), NOW_MS);
    expect(claims).toEqual({ exp: NOW_S + 1, expiresAtMs: NOW_MS + 1000 });
  });

  it('returns every claim and measures the lifetime (exp - iat) from receivedAt', () => {
    const payload = {
      iat: NOW_S,
      exp: NOW_S + 900,
      aud: 'attend',
      participant_id: 12,
      event_id: 4,
      is_staff: false,
      is_participant: true,
    };
    expect(readAccessToken(tokenWith(payload), NOW_MS)).toEqual({
      ...payload,
      expiresAtMs: NOW_MS + 900_000,
    });
  });

  it('accepts a fresh token from a server whose clock is an hour ahead of the device', () => {
    const serverNow = NOW_S + 3600;
    const token = tokenWith({ iat: serverNow, exp: serverNow + 900 });
    // Taken at face value, exp would leave 75 minutes; measured from receipt it leaves 15.
    expect(readAccessToken(token, NOW_MS)?.expiresAtMs).toBe(NOW_MS + 900_000);
  });

  it('accepts a fresh token from a server whose clock is an hour behind the device', () => {
    const serverNow = NOW_S - 3600;
    const token = tokenWith({ iat: serverNow, exp: serverNow + 900 });
    // exp is 45 minutes in the device's past, yet the token was issued just now with 15 minutes to live.
    expect(readAccessToken(token, NOW_MS)?.expiresAtMs).toBe(NOW_MS + 900_000);
  });

  it('defaults receivedAt to the current time', () => {
    const before = Date.now();
    const claims = readAccessToken(tokenWith({ iat: 100, exp: 160 }));
    const after = Date.now();
    expect(claims?.expiresAtMs).toBeGreaterThanOrEqual(before + 60_000);
    expect(claims?.expiresAtMs).toBeLessThanOrEqual(after + 60_000);
  });

  it('decodes base64url payloads (- and _) without padding', () => {
    // '?>' encodes to base64 '/' and '+' characters, which base64url writes as '_' and '-'.
    const token = tokenWith({ exp: NOW_S + 60, note: '???>>>' });
    const payload = token.split('.')[1] ?? '';
    expect(payload).toMatch(/[-_]/);
    expect(payload).not.toMatch(/[+/=]/);
    expect(readAccessToken(token, NOW_MS)).toEqual({
      exp: NOW_S + 60,
      note: '???>>>',
      expiresAtMs: NOW_MS + 60_000,
    });
  });
});
