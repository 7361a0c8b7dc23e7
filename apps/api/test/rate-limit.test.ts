import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '../src/db/schema';
import { LOGIN_LIMITS } from '../src/services/auth/rate-limit';
import { createTestApp, postFrom, STAFF, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-in rate limits', () => {
  it('participant login: an address that keeps failing is stopped; a valid login elsewhere still works', async () => {
    const attacker = '203.0.113.7';
    const fail = () =>
      postFrom(t, '/api/auth/login/', { event_code: 'TEST42', unique_code: 'WRONG234' }, attacker);
    for (let i = 0; i < LOGIN_LIMITS.perAddress.max; i++) expect((await fail()).statusCode).toBe(401);
    const limited = await fail();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.json().detail).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);

    // Even the right code is refused from that address while it is blocked.
    const blockedValid = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'ABCD2345' },
      attacker,
    );
    expect(blockedValid.statusCode).toBe(429);

    const other = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'ABCD2345' },
      '198.51.100.20',
    );
    expect(other.statusCode).toBe(200);
  });

  it('participant login: many addresses guessing codes of one event are stopped per event code', async () => {
    const { max } = LOGIN_LIMITS.perEventCode;
    await t.database.db.delete(rateLimitBuckets); // start from empty counters
    for (let i = 0; i < max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { event_code: 'TEST42', unique_code: `GUESS${i}` },
        remoteAddress: `192.0.2.${i % 250}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'test42', unique_code: 'ANOTHER2' },
      '192.0.2.251',
    );
    expect(res.statusCode).toBe(429);
    // Other events are unaffected.
    const otherEvent = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'ELSE77', unique_code: 'ANOTHER2' },
      '192.0.2.252',
    );
    expect(otherEvent.statusCode).toBe(401);
  });

  it('staff login is limited per address; the same user from another address still signs in', async () => {
    const attacker = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMITS.perAddress.max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username: 'staff', password: `wrong-${i}` },
        remoteAddress: attacker,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await postFrom(t, '/api/auth/token/', STAFF, attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const ok = await postFrom(t, '/api/auth/token/', STAFF, '198.51.100.9');
    expect(ok.statusCode).toBe(200);
  });

  it('one-click login failures are limited per address', async () => {
    const addr = '203.0.113.90';
    for (let i = 0; i < LOGIN_LIMITS.perAddress.max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/one-click-login/',
        payload: { token: `made-up-token-${i}` },
        remoteAddress: addr,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await postFrom(t, '/api/auth/one-click-login/', { token: 'made-up-token-x' }, addr);
    expect(res.statusCode).toBe(429);
  });
});
