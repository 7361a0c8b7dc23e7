import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '../src/db/schema';
import { CODE_LIMITS, LOGIN_LIMITS } from '../src/services/auth/rate-limit';
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
    for (let i = 0; i < CODE_LIMITS.perAddressEvent.max; i++) expect((await fail()).statusCode).toBe(401);
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

  it('participant login: guessing from many addresses cannot lock an event out, and stays bounded', async () => {
    await t.database.db.delete(rateLimitBuckets); // start from empty counters
    const { max } = CODE_LIMITS.perEvent;
    const perAddress = CODE_LIMITS.perAddressEvent.max;
    // The whole event ceiling, spent from as many addresses as it takes.
    for (let i = 0; i < max; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { event_code: 'TEST42', unique_code: `GUESS${i}` },
        remoteAddress: `192.0.2.${Math.floor(i / perAddress)}`,
      });
      expect(res.statusCode).toBe(401);
    }
    // A participant with the right code from an address without failures gets in.
    const right = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'test42', unique_code: 'abcd2345' },
      '198.51.100.40',
    );
    expect(right.statusCode).toBe(200);
    // ... and so does a one-click link (its 128-bit token is not a guessable code).
    const staff = await t.staffToken();
    const link = await t.request({
      method: 'POST',
      url: `/api/events/${t.seed.event.id}/participants/${t.seed.participants[1]?.id}/login-link/`,
      headers: { authorization: `Bearer ${staff}` },
      payload: {},
    });
    expect(link.statusCode).toBe(201);
    const token = new URL((link.json() as { url: string }).url).searchParams.get('token');
    const oneClick = await postFrom(t, '/api/auth/one-click-login/', { token }, '198.51.100.41');
    expect(oneClick.statusCode).toBe(200);

    // An address that failed is refused at this event now, even with a right code.
    const failedBefore = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'ABCD2345' },
      '192.0.2.0',
    );
    expect(failedBefore.statusCode).toBe(429);
    // A fresh address gets one guess, then it is one that failed.
    const fresh = '192.0.2.200';
    const first = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'NEWGUESS' },
      fresh,
    );
    expect(first.statusCode).toBe(401);
    const second = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'NEWGUES2' },
      fresh,
    );
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    // Other events are unaffected.
    const otherEvent = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'ELSE77', unique_code: 'ANOTHER2' },
      '192.0.2.0',
    );
    expect(otherEvent.statusCode).toBe(401);
  });

  it('confirm-attendance-direct shares the sign-in budget: failures on one count for the other', async () => {
    await t.database.db.delete(rateLimitBuckets); // the event's ceiling is full from the test above
    const addr = '203.0.113.120';
    const half = Math.ceil(CODE_LIMITS.perAddressEvent.max / 2);
    for (let i = 0; i < half; i++) {
      const res = await postFrom(
        t,
        '/api/auth/login/',
        { event_code: 'TEST42', unique_code: `MISS${i}` },
        addr,
      );
      expect(res.statusCode).toBe(401);
    }
    for (let i = half; i < CODE_LIMITS.perAddressEvent.max; i++) {
      const res = await postFrom(
        t,
        '/api/participants/confirm-attendance-direct/',
        { event_code: 'TEST42', unique_code: `MISS${i}` },
        addr,
      );
      expect(res.statusCode).toBe(401);
    }
    for (const url of ['/api/auth/login/', '/api/participants/confirm-attendance-direct/']) {
      const res = await postFrom(t, url, { event_code: 'TEST42', unique_code: 'ABCD2345' }, addr);
      expect(res.statusCode, url).toBe(429);
    }
  });

  it('staff login is limited per address; the same user from another address still signs in', async () => {
    const attacker = '203.0.113.50';
    for (let i = 0; i < LOGIN_LIMITS.perAddressUser.max; i++) {
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

  it('staff cannot be locked out: at the account ceiling only failing clients are refused', async () => {
    await t.database.db.delete(rateLimitBuckets);
    const signIn = (password: string, remoteAddress: string, cookie?: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username: STAFF.username, password },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    // The staff member's own laptop signed in before: it holds a device cookie.
    const laptop = '198.51.100.60';
    const before = await signIn(STAFF.password, laptop);
    expect(before.statusCode).toBe(200);
    const device = before.cookies.find((c) => c.name === 'staff_device');
    expect(device?.httpOnly).toBe(true);
    expect(device?.sameSite).toBe('Strict');
    const cookie = `staff_device=${device?.value}`;

    // Guessers fill the account's ceiling from several addresses.
    const { max } = LOGIN_LIMITS.perUsername;
    for (let i = 0; i < max; i++) {
      const res = await signIn(`guess-${i}`, `192.0.2.${Math.floor(i / LOGIN_LIMITS.perAddressUser.max)}`);
      expect(res.statusCode).toBe(401);
    }
    // A guesser's address is refused, even with the right password.
    expect((await signIn(STAFF.password, '192.0.2.0')).statusCode).toBe(429);
    // A forged device cookie does not help it.
    expect(
      (await signIn(STAFF.password, '192.0.2.1', 'staff_device=1.AAAAAAAAAAAAAAAAAAAAAA.' + 'A'.repeat(43)))
        .statusCode,
    ).toBe(429);
    // The staff member mistypes once on the laptop, then gets in there: a known device.
    expect((await signIn('mistyped', laptop, cookie)).statusCode).toBe(401);
    expect((await signIn(STAFF.password, laptop, cookie)).statusCode).toBe(200);
    // And from an address without failures, without any cookie.
    expect((await signIn(STAFF.password, '198.51.100.61')).statusCode).toBe(200);
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
