import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, rateLimitBuckets } from '../src/db/schema';
import { GUESSING, networkOf } from '../src/services/auth/rate-limit';
import { countersAt } from '../src/services/auth/sign-in-challenge';
import { challengeOf, levelOf, solveAltcha } from './challenge';
import { createTestApp, postFrom, STAFF, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const RIGHT = { event_code: 'TEST42', unique_code: 'ABCD2345' };
const FREE = GUESSING.codeNetwork.free;

/** Sets counters as if their failures had happened (the next attempt sees them). */
async function seed(counters: Record<string, number>, windowSeconds = 3600): Promise<void> {
  for (const [key, hits] of Object.entries(counters)) {
    await t.database.db
      .insert(rateLimitBuckets)
      .values({ key, hits, expiresAt: new Date(Date.now() + windowSeconds * 1000) })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { hits } });
  }
}

/** How many failures of `action` from `ip` were evaluated (each evaluated failure is audited). */
async function evaluatedFailures(action: string, ip: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.ip, ip)));
  return row?.n ?? 0;
}

async function loginLinkToken(participantIndex = 1): Promise<string> {
  const staff = await t.staffToken();
  const link = await t.request({
    method: 'POST',
    url: `/api/events/${t.seed.event.id}/participants/${t.seed.participants[participantIndex]?.id}/login-link/`,
    headers: { authorization: `Bearer ${staff}` },
    payload: {},
  });
  expect(link.statusCode).toBe(201);
  return new URL((link.json() as { url: string }).url).searchParams.get('token') ?? '';
}

/** Sends `payload`; when asked for a proof of work, solves it and sends it again (as the web app). */
async function persist(url: string, payload: Record<string, unknown>, ip: string, headers = {}) {
  let res = await t.request({ method: 'POST', url, payload, remoteAddress: ip, headers });
  const levels: number[] = [];
  for (let round = 0; res.statusCode === 428 && round < 4; round++) {
    const challenge = challengeOf(res);
    levels.push(levelOf(challenge));
    const altcha = await solveAltcha(challenge);
    res = await t.request({
      method: 'POST',
      url,
      payload: { ...payload, altcha },
      remoteAddress: ip,
      headers,
    });
  }
  return { res, levels };
}

describe('sign-in guessing budgets', () => {
  it('a burst of 1,000 wrong codes from one address is evaluated only as often as the budget allows', async () => {
    const ip = '203.0.113.7';
    const burst = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        postFrom(t, '/api/auth/login/', { event_code: 'TEST42', unique_code: `WRONG${i}` }, ip),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE);
    expect(statuses.filter((s) => s === 428)).toHaveLength(1000 - FREE);
    expect(await evaluatedFailures('participant.login_failed', ip)).toBe(FREE);
    const asked = burst.find((r) => r.statusCode === 428);
    expect(asked?.json()).toMatchObject({ code: 'challenge_required', detail: 'Checking your browser…' });
    // The refused ones counted nothing: the network stands at the failures that were evaluated.
    const [row] = await t.database.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `code:net:${ip}`));
    expect(row?.hits).toBe(FREE);
  });

  it('a burst of staff passwords is counted before argon2: five are checked, the right one among the rest waits', async () => {
    const ip = '203.0.113.8';
    const payloads = Array.from({ length: 200 }, (_, i) => ({ username: 'staff', password: `wrong-${i}` }));
    payloads.splice(150, 0, STAFF);
    const burst = await Promise.all(payloads.map((p) => postFrom(t, '/api/auth/token/', p, ip)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBeLessThanOrEqual(FREE + 1);
    expect(statuses.filter((s) => s === 428).length).toBeGreaterThanOrEqual(200 - FREE);
    expect(await evaluatedFailures('staff.login_failed', ip)).toBe(FREE);
  });

  it('a burst of made-up link tokens is evaluated five times', async () => {
    const ip = '203.0.113.9';
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        postFrom(t, '/api/auth/one-click-login/', { token: `made-up-token-${i}` }, ip),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(FREE);
    expect(burst.filter((r) => r.statusCode === 428)).toHaveLength(300 - FREE);
    expect(await evaluatedFailures('participant.one_click_failed', ip)).toBe(FREE);
  });

  it('a venue address with 1,000 failures: the right code, a valid link and the staff password all get in', async () => {
    const venue = '198.51.100.30';
    await seed({
      [`code:net:${venue}`]: 1000,
      [`code:net-event:${venue}:TEST42`]: 1000,
      'code:event:TEST42': 1000,
      [`link:net:${venue}`]: 1000,
      [`staff:net:${venue}`]: 1000,
      [`staff:net-user:${venue}:staff`]: 1000,
    });
    const code = await persist('/api/auth/login/', RIGHT, venue);
    expect(code.res.statusCode).toBe(200);
    // The network's ramp stops at what a slow phone solves in a few seconds.
    expect(code.levels).toEqual([GUESSING.codeNetwork.maxLevel]);
    expect(countersAt(GUESSING.codeNetwork.maxLevel)).toBe(2560);

    const link = await persist('/api/auth/one-click-login/', { token: await loginLinkToken() }, venue);
    expect(link.res.statusCode).toBe(200);
    expect(link.levels).toEqual([GUESSING.linkNetwork.maxLevel]);

    const staff = await persist('/api/auth/token/', STAFF, venue);
    expect(staff.res.statusCode).toBe(200);
    expect(staff.levels).toEqual([GUESSING.staffNetwork.maxLevel]);

    // A wrong code with a solved challenge is evaluated, and still wrong.
    const wrong = await persist('/api/auth/login/', { event_code: 'TEST42', unique_code: 'WRONG999' }, venue);
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().detail).toBe('Invalid event code or unique code');
  });

  it('a solution is spent once: replayed, forged, tampered or too easy, it is refused', async () => {
    const ip = '198.51.100.31';
    await seed({ [`code:net:${ip}`]: FREE });
    const guess = { event_code: 'TEST42', unique_code: 'WRONG777' };
    const first = await postFrom(t, '/api/auth/login/', guess, ip);
    const challenge = challengeOf(first);
    expect(levelOf(challenge)).toBe(1);
    const altcha = await solveAltcha(challenge);
    expect((await postFrom(t, '/api/auth/login/', { ...guess, altcha }, ip)).statusCode).toBe(401);
    // Replayed, even with the right code.
    expect((await postFrom(t, '/api/auth/login/', { ...RIGHT, altcha }, ip)).statusCode).toBe(428);

    const fresh = challengeOf(await postFrom(t, '/api/auth/login/', RIGHT, ip));
    const decoded = JSON.parse(Buffer.from(await solveAltcha(fresh), 'base64').toString()) as {
      challenge: typeof fresh;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const key = decoded.solution.derivedKey;
    const changed = `${key.slice(0, -2)}${key.endsWith('ff') ? '00' : 'ff'}`;
    const forgeries = [
      // The key with its last byte changed (only the whole key the work finds is signed). Never set
      // to the byte it had: one key in 256 ends in ff, and that was no forgery.
      encode({ ...decoded, solution: { ...decoded.solution, derivedKey: changed } }),
      // A key made up.
      encode({ ...decoded, solution: { ...decoded.solution, derivedKey: '00'.repeat(32) } }),
      // A harder level claimed on an easy challenge.
      encode({
        ...decoded,
        challenge: {
          ...decoded.challenge,
          parameters: { ...decoded.challenge.parameters, data: { lvl: 9 } },
        },
      }),
      'not base64 json',
    ];
    for (const forged of forgeries) {
      const res = await postFrom(t, '/api/auth/login/', { ...RIGHT, altcha: forged }, ip);
      expect(res.statusCode).toBe(428);
    }
    // The genuine one still works: forgeries spent nothing.
    const genuine = encode(decoded);
    expect((await postFrom(t, '/api/auth/login/', { ...RIGHT, altcha: genuine }, ip)).statusCode).toBe(200);

    // A level-1 solution where level 3 is owed is not enough.
    await seed({ [`code:net:${ip}`]: FREE + 2 * GUESSING.codeNetwork.step });
    const easy = await solveAltcha(await t.app.challenges.issue(1));
    const owed = await postFrom(t, '/api/auth/login/', { ...RIGHT, altcha: easy }, ip);
    expect(levelOf(challengeOf(owed))).toBe(3);
  });

  it('at an event under attack only the networks that failed there pay more, without a cap', async () => {
    const { free, step } = GUESSING.codeEvent;
    await seed({ 'code:event:TEST42': free + 10 * step }, 86_400);
    const failedHere = '192.0.2.10';
    await seed({ [`code:net-event:${failedHere}:TEST42`]: 1 }, 86_400);
    const asked = challengeOf(await postFrom(t, '/api/auth/login/', RIGHT, failedHere));
    expect(levelOf(asked)).toBe(11);
    // A participant on a network that has not failed at this event signs in at once.
    expect((await postFrom(t, '/api/auth/login/', RIGHT, '198.51.100.40')).statusCode).toBe(200);
    // A fresh network gets one guess, then it is one that failed here.
    const fresh = '192.0.2.200';
    const guess = (unique_code: string) =>
      postFrom(t, '/api/auth/login/', { event_code: 'TEST42', unique_code }, fresh);
    expect((await guess('NEWGUESS')).statusCode).toBe(401);
    expect(levelOf(challengeOf(await guess('NEWGUES2')))).toBe(11);
    // Other events are unaffected.
    expect(
      (await postFrom(t, '/api/auth/login/', { event_code: 'ELSE77', unique_code: 'ANOTHER2' }, failedHere))
        .statusCode,
    ).toBe(401);
    await t.database.db.delete(rateLimitBuckets);
  });

  it('confirm-attendance-direct shares the sign-in budget: failures on one count for the other', async () => {
    const addr = '203.0.113.120';
    for (let i = 0; i < FREE; i++) {
      const url = i % 2 ? '/api/participants/confirm-attendance-direct/' : '/api/auth/login/';
      const res = await postFrom(t, url, { event_code: 'TEST42', unique_code: `MISS${i}` }, addr);
      expect(res.statusCode).toBe(401);
    }
    for (const url of ['/api/auth/login/', '/api/participants/confirm-attendance-direct/']) {
      const res = await postFrom(t, url, RIGHT, addr);
      expect(res.statusCode, url).toBe(428);
    }
    const confirmed = await persist('/api/participants/confirm-attendance-direct/', RIGHT, addr);
    expect(confirmed.res.statusCode).toBe(200);
  });

  it('staff: the network pays after five failures; the same user from another network signs in at once', async () => {
    const attacker = '203.0.113.50';
    for (let i = 0; i < FREE; i++) {
      const res = await postFrom(
        t,
        '/api/auth/token/',
        { username: 'staff', password: `wrong-${i}` },
        attacker,
      );
      expect(res.statusCode).toBe(401);
    }
    const asked = await postFrom(t, '/api/auth/token/', STAFF, attacker);
    expect(levelOf(challengeOf(asked))).toBe(1);
    expect((await postFrom(t, '/api/auth/token/', STAFF, '198.51.100.9')).statusCode).toBe(200);
    expect((await persist('/api/auth/token/', STAFF, attacker)).res.statusCode).toBe(200);
  });

  it('staff: at the account ceiling the networks that failed pay dearly, never a device that signed in before', async () => {
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

    // Guessers fill the account's ceiling and ten steps beyond.
    const { free, step } = GUESSING.staffAccount;
    await seed({ 'staff:user:staff': free + 10 * step }, 86_400);
    const guesser = '192.0.2.0';
    expect((await signIn('guess', guesser)).statusCode).toBe(401);
    // A guesser's network owes level 11, even with the right password; a forged cookie does not help.
    expect(levelOf(challengeOf(await signIn(STAFF.password, guesser)))).toBe(11);
    const forged = 'staff_device=1.AAAAAAAAAAAAAAAAAAAAAA.' + 'A'.repeat(43);
    expect(levelOf(challengeOf(await signIn(STAFF.password, guesser, forged)))).toBe(11);
    // The staff member mistypes on the laptop, then gets in there: a known device.
    expect((await signIn('mistyped', laptop, cookie)).statusCode).toBe(401);
    expect((await signIn(STAFF.password, laptop, cookie)).statusCode).toBe(200);
    // And from a network without failures, without any cookie.
    expect((await signIn(STAFF.password, '198.51.100.61')).statusCode).toBe(200);
  });

  it('one-click link failures are counted per network; a valid link from it still gets in', async () => {
    const addr = '203.0.113.90';
    for (let i = 0; i < FREE; i++) {
      const res = await postFrom(t, '/api/auth/one-click-login/', { token: `made-up-token-${i}` }, addr);
      expect(res.statusCode).toBe(401);
    }
    const token = await loginLinkToken();
    expect((await postFrom(t, '/api/auth/one-click-login/', { token }, addr)).statusCode).toBe(428);
    expect((await persist('/api/auth/one-click-login/', { token }, addr)).res.statusCode).toBe(200);
  });

  it('a crowd behind one address with the right codes signs in without a challenge', async () => {
    const venue = '198.51.100.70';
    const crowd = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postFrom(t, '/api/auth/login/', i % 2 ? RIGHT : { ...RIGHT, unique_code: 'EFGH6789' }, venue),
      ),
    );
    expect(crowd.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
  });

  it('an IPv6 client is counted by its /64', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('::ffff:192.0.2.5')).toBe('192.0.2.5');
    expect(networkOf('192.0.2.5')).toBe('192.0.2.5');
  });
});
