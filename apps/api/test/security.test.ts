import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateQrKeyPair } from '@attend/shared';
import { isSealed, openQrPrivateKey, qrSealKey, sealQrPrivateKey } from '../src/services/qr/key-seal';
import { bearer, createTestApp, SECRET, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let participant: string;
let badTokens: Record<string, string>;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  participant = await t.participantToken(0);
  const now = Math.floor(Date.now() / 1000);
  const staffClaims = { username: 'staff', is_staff: true, is_participant: false, token_type: 'access' };
  const sign = (key: string, exp: number) =>
    new SignJWT(staffClaims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('attend')
      .setAudience('staff')
      .setSubject('1')
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key));
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    ...staffClaims,
    iss: 'attend',
    aud: 'staff',
    sub: '1',
    exp: now + 900,
  })}.`;
  badTokens = {
    expired: await sign(SECRET, now - 60),
    'alg none': unsigned,
    'another secret': await sign('another-secret-of-sufficient-length-1234567890', now + 900),
    'no exp': await new SignJWT(staffClaims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('attend')
      .setAudience('staff')
      .setSubject('1')
      .sign(new TextEncoder().encode(SECRET)),
    garbage: 'not.a.token',
  };
});
afterAll(async () => {
  await t.close();
});

/** Fills route parameters with ids that exist in the seed so guards, not 404s, answer. */
function concrete(url: string): string {
  return url
    .replace(':eventId', String(t.seed.event.id))
    .replace(/:[A-Za-z]+/g, String(t.seed.participants[0]?.id ?? 1));
}

describe('every non-public route, enumerated from Fastify', () => {
  it('has a declared guard and at least the sign-in routes are public', () => {
    const publicUrls = t.app.routeRegistry.filter((r) => r.auth === 'public').map((r) => r.url);
    expect(publicUrls).toEqual(expect.arrayContaining(['/api/auth/login/', '/api/auth/token/']));
    expect(t.app.routeRegistry.filter((r) => r.auth !== 'public').length).toBeGreaterThan(0);
  });

  it('rejects no token, expired, alg none, foreign-secret, exp-less and garbage tokens with 401', async () => {
    const guarded = t.app.routeRegistry.filter((r) => r.auth !== 'public' && r.method !== 'HEAD');
    for (const route of guarded) {
      const url = concrete(route.url);
      const none = await t.request({ method: route.method as 'GET', url, payload: {} });
      expect(none.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      expect(none.json().code).toBe('not_authenticated');
      for (const [name, token] of Object.entries(badTokens)) {
        const res = await t.request({
          method: route.method as 'GET',
          url,
          headers: bearer(token),
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with a ${name} token`).toBe(401);
        expect(res.json().code).toBe('token_not_valid');
      }
    }
  });

  it('staff routes refuse participant tokens and participant routes refuse staff tokens (403)', async () => {
    for (const route of t.app.routeRegistry.filter((r) => r.method !== 'HEAD')) {
      const url = concrete(route.url);
      if (route.auth === 'staff') {
        const res = await t.request({
          method: route.method as 'GET',
          url,
          headers: bearer(participant),
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with a participant token`).toBe(403);
      }
      if (route.auth === 'participant') {
        const res = await t.request({
          method: route.method as 'GET',
          url,
          headers: bearer(staff),
          payload: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with a staff token`).toBe(403);
      }
    }
  });

  it('a participant token cannot pass for a staff token even with a forged is_staff claim', async () => {
    const forged = await new SignJWT({
      participant_id: 1,
      event_id: 1,
      is_staff: true,
      is_participant: false,
      token_type: 'access',
      username: 'staff',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('attend')
      .setAudience('participant')
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    const staffRoute = t.app.routeRegistry.find((r) => r.auth === 'staff');
    expect(staffRoute).toBeDefined();
    const res = await t.request({
      method: (staffRoute?.method ?? 'GET') as 'GET',
      url: concrete(staffRoute?.url ?? '/'),
      headers: bearer(forged),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('only one Authorization scheme is accepted', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Token ${staff}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('QR private keys at rest', () => {
  it('are sealed with AES-256-GCM under SECRET_KEY and bound to their event', async () => {
    const { privateKey } = await generateQrKeyPair();
    const key = qrSealKey(SECRET);
    const sealed = sealQrPrivateKey(key, 7, privateKey);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(privateKey.slice(8, 40));
    // A fresh IV each time: the same key never seals to the same text.
    expect(sealQrPrivateKey(key, 7, privateKey)).not.toBe(sealed);
    expect(openQrPrivateKey(key, 7, sealed)).toBe(privateKey);
    // Another SECRET_KEY, another event, or a flipped byte: refused, never a wrong key.
    expect(() => openQrPrivateKey(qrSealKey(`${SECRET}-other`), 7, sealed)).toThrow(/SECRET_KEY/);
    expect(() => openQrPrivateKey(key, 8, sealed)).toThrow(/SECRET_KEY/);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(() => openQrPrivateKey(key, 7, `v1.${bytes.toString('base64url')}`)).toThrow(/SECRET_KEY/);
    expect(() => openQrPrivateKey(key, 7, 'v1.AAAA')).toThrow(/SECRET_KEY/);
    // A key stored in clear by an earlier version still opens (and is sealed at start).
    expect(openQrPrivateKey(key, 7, privateKey)).toBe(privateKey);
  });
});
