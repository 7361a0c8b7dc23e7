import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, rateLimitBuckets, refreshTokens, staffUsers } from '../src/db/schema';
import { sha256 } from '../src/lib/tokens';
import { bearer, createTestApp, STAFF, type TestApp, postFrom } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = [setCookie ?? []].flat();
  for (const c of all) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(c);
    if (m) return m[1];
  }
  return undefined;
}

describe('staff sign-in', () => {
  it('returns tokens and the user, sets the refresh cookie, with or without the trailing slash', async () => {
    for (const url of ['/api/auth/token/', '/api/auth/token']) {
      const res = await t.request({ method: 'POST', url, payload: STAFF });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ username: 'staff', is_staff: true, is_participant: false });
      expect(body.access.split('.')).toHaveLength(3);
      const cookie = [res.headers['set-cookie'] ?? []].flat().join('\n');
      expect(cookie).toMatch(/refresh_token=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\/api\/auth\//);
      // Its companion the page's script can read (no token in it): someone may be signed in here.
      const hint = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('attend_session='));
      expect(hint).toMatch(/^attend_session=1; Max-Age=\d+; Path=\/; SameSite=Strict$/);
    }
  });

  it('accepts the username in any case', async () => {
    const res = await postFrom(t, '/api/auth/token/', { username: 'STAFF', password: STAFF.password });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await postFrom(t, '/api/auth/token/', { username: 'staff', password: 'nope' }, '10.1.0.1');
    const unknown = await postFrom(
      t,
      '/api/auth/token/',
      { username: 'nobody', password: 'nope' },
      '10.1.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid username or password.', code: 'invalid_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers bad input with 400 and a message, never 500', async () => {
    const cases = [
      { payload: {} },
      { payload: { username: '', password: '' } },
      { payload: { username: 5, password: [] } },
      { payload: 'not json', headers: { 'content-type': 'application/json' } },
      { payload: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const c of cases) {
      const res = await t.request({ method: 'POST', url: '/api/auth/token/', ...c });
      expect([400, 415]).toContain(res.statusCode);
      expect(typeof res.json().detail).toBe('string');
      expect(typeof res.json().code).toBe('string');
    }
  });
});

describe('participant sign-in', () => {
  it('signs in with the event code and unique code, forgiving case and spaces', async () => {
    const res = await postFrom(t, '/api/auth/login/', { event_code: ' test42 ', unique_code: 'abcd 2345' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.participant).toMatchObject({
      id: t.seed.participants[0]?.id,
      full_name: 'Amina Uwase',
      email: 'amina.uwase@example.org',
      unique_code: 'ABCD2345',
      confirmed_attendance: true,
      event: { id: t.seed.event.id, event_code: 'TEST42' },
      event_name: t.seed.event.name,
      is_participant: true,
      is_staff: false,
    });
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(body.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.participant);
  });

  it('gives the same answer for a wrong event code and a wrong unique code', async () => {
    const wrongEvent = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'NOPE99', unique_code: 'ABCD2345' },
      '10.2.0.1',
    );
    const wrongCode = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'TEST42', unique_code: 'ZZZZ9999' },
      '10.2.0.1',
    );
    expect(wrongEvent.statusCode).toBe(401);
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongEvent.json()).toEqual({
      detail: 'Invalid event code or unique code',
      code: 'invalid_credentials',
    });
    expect(wrongCode.json()).toEqual(wrongEvent.json());
  });

  it("accepts the two codes typed into each other's field when that names one participant", async () => {
    const res = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'abcd2345', unique_code: ' test42' },
      '10.2.1.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({
      id: t.seed.participants[0]?.id,
      unique_code: 'ABCD2345',
      event: { id: t.seed.event.id, event_code: 'TEST42' },
    });
  });

  it('still refuses a swapped pair that names nobody, with the same message as a wrong pair', async () => {
    const refused = { detail: 'Invalid event code or unique code', code: 'invalid_credentials' };
    for (const payload of [
      { event_code: 'ABCD2345', unique_code: 'NOPE99' },
      { event_code: 'ZZZZ9999', unique_code: 'TEST42' },
      { event_code: 'ABCD2345', unique_code: 'ABCD2345' },
      { event_code: 'TEST42', unique_code: 'TEST42' },
    ]) {
      const res = await postFrom(t, '/api/auth/login/', payload, '10.2.1.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refused);
    }
    // Trying the swapped order is part of the same attempt: four refusals count four failures.
    const buckets = await t.database.db
      .select({ key: rateLimitBuckets.key, hits: rateLimitBuckets.hits })
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, 'code:net:10.2.1.2'));
    expect(buckets.map((b) => b.hits)).toEqual([4]);
  });

  it('asks for both codes', async () => {
    const res = await postFrom(t, '/api/auth/login/', { event_code: 'TEST42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please enter both participant code and unique code');
  });

  it('cannot use another event code with a valid unique code of a different event', async () => {
    const res = await postFrom(
      t,
      '/api/auth/login/',
      { event_code: 'OTHER1', unique_code: 'ABCD2345' },
      '10.2.0.2',
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotates, and reuse of a rotated token revokes the whole family', async () => {
    const login = await t.request({ method: 'POST', url: '/api/auth/token/', payload: STAFF });
    const first = login.json().refresh as string;
    const r1 = await postFrom(t, '/api/auth/token/refresh/', { refresh: first });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().refresh as string;
    expect(second).not.toBe(first);
    const me = await t.request({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: bearer(r1.json().access),
    });
    expect(me.json().username).toBe('staff');
    // The answer carries the account as /accounts/me/ shows it: a restoring page needs no second call.
    expect(r1.json().user).toEqual(me.json());

    const replay = await postFrom(t, '/api/auth/token/refresh/', { refresh: first });
    expect(replay.statusCode).toBe(401);
    // The legitimate holder of the newest token is signed out too.
    const after = await postFrom(t, '/api/auth/token/refresh/', { refresh: second });
    expect(after.statusCode).toBe(401);
  });

  it('reads the refresh token from the cookie', async () => {
    const login = await postFrom(t, '/api/auth/login/', { event_code: 'TEST42', unique_code: 'EFGH6789' });
    const cookie = cookieValue(login.headers['set-cookie'], 'refresh_token');
    expect(cookie).toBeTruthy();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      cookies: { refresh_token: cookie ?? '' },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.request({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: bearer(res.json().access),
    });
    expect(me.json().full_name).toBe('Jean Habimana');
    expect(res.json().user).toEqual(me.json());
    expect(cookieValue(res.headers['set-cookie'], 'refresh_token')).toBe(res.json().refresh);
  });

  it('refuses a missing or made-up refresh token', async () => {
    const none = await t.request({ method: 'POST', url: '/api/auth/token/refresh/' });
    expect(none.statusCode).toBe(401);
    const fake = await postFrom(t, '/api/auth/token/refresh/', { refresh: 'x'.repeat(43) });
    expect(fake.statusCode).toBe(401);
  });

  it('logout revokes the family and clears the cookie', async () => {
    const login = await t.request({ method: 'POST', url: '/api/auth/token/', payload: STAFF });
    const refresh = login.json().refresh as string;
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout/',
      cookies: { refresh_token: refresh },
    });
    expect(out.statusCode).toBe(200);
    expect([out.headers['set-cookie'] ?? []].flat().join('')).toMatch(/refresh_token=;/);
    expect([out.headers['set-cookie'] ?? []].flat().join('')).toMatch(/attend_session=;/);
    const res = await t.request({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh } });
    expect(res.statusCode).toBe(401);
  });
});

describe('one-click login links', () => {
  const linkUrl = (eventId: number, id: number) => `/api/events/${eventId}/participants/${id}/login-link/`;

  it('staff creates a link that signs the participant in, until it is revoked', async () => {
    const staff = await t.staffToken();
    const p = t.seed.participants[1];
    const created = await t.request({
      method: 'POST',
      url: linkUrl(t.seed.event.id, p?.id ?? 0),
      headers: bearer(staff),
    });
    expect(created.statusCode).toBe(201);
    const { url, expires_at } = created.json();
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('http://attend.test/auto-login');
    expect(parsed.searchParams.get('event_id')).toBe(String(t.seed.event.id));
    const token = parsed.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const expires = new Date(expires_at).getTime();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 24 * 3600 * 1000);

    const login = await t.request({ method: 'POST', url: '/api/auth/one-click-login/', payload: { token } });
    expect(login.statusCode).toBe(200);
    expect(login.json().participant).toMatchObject({ id: p?.id, full_name: 'Jean Habimana' });

    const revoke = await t.request({
      method: 'DELETE',
      url: linkUrl(t.seed.event.id, p?.id ?? 0),
      headers: bearer(staff),
    });
    expect(revoke.json()).toEqual({ revoked: 1 });
    const again = await t.request({ method: 'POST', url: '/api/auth/one-click-login/', payload: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe('This login link is invalid or has expired.');
  });

  it('refuses an unknown token and a participant of another event', async () => {
    const bad = await postFrom(
      t,
      '/api/auth/one-click-login/',
      { token: 'AAAAAAAAAAAAAAAAAAAAAA' },
      '10.3.0.1',
    );
    expect(bad.statusCode).toBe(401);
    const staff = await t.staffToken();
    const wrongEvent = await t.request({
      method: 'POST',
      url: linkUrl(t.seed.event.id + 1000, t.seed.participants[0]?.id ?? 0),
      headers: bearer(staff),
    });
    expect(wrongEvent.statusCode).toBe(404);
  });

  it('is staff-only', async () => {
    const participant = await t.participantToken(0);
    const res = await t.request({
      method: 'POST',
      url: linkUrl(t.seed.event.id, t.seed.participants[0]?.id ?? 0),
      headers: bearer(participant),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('ending sign-ins', () => {
  const DAY = 24 * 3600 * 1000;
  const linkUrl = (id: number) => `/api/events/${t.seed.event.id}/participants/${id}/login-link/`;
  const me = (access: string) =>
    t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(access) });
  const refresh = (token: string) => postFrom(t, '/api/auth/token/refresh/', { refresh: token });
  const signIn = async (payload: object, url = '/api/auth/login/') => {
    const res = await postFrom(t, url, payload);
    expect(res.statusCode).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const participant = () => signIn({ event_code: 'TEST42', unique_code: 'EFGH6789' });
  const family = async (token: string) => {
    const [row] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!row) throw new Error('no refresh token');
    return row;
  };

  it('logout ends the access token at once, not only the refresh token', async () => {
    const pair = await signIn(STAFF, '/api/auth/token/');
    expect((await me(pair.access)).statusCode).toBe(200);
    await postFrom(t, '/api/auth/logout/', { refresh: pair.refresh });
    const after = await me(pair.access);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('This sign-in has ended. Please sign in again.');
  });

  it('a login link is reusable until revoked; revoking it ends the sign-ins it opened, and only those', async () => {
    const staff = await t.staffToken();
    const id = t.seed.participants[1]?.id ?? 0;
    const link = await t.request({ method: 'POST', url: linkUrl(id), headers: bearer(staff) });
    const token = new URL(link.json().url).searchParams.get('token') ?? '';
    const phone = await signIn({ token }, '/api/auth/one-click-login/');
    const laptop = await signIn({ token }, '/api/auth/one-click-login/');
    const rotated = await refresh(laptop.refresh);
    expect(rotated.statusCode).toBe(200);
    const withCode = await participant();

    const revoke = await t.request({ method: 'DELETE', url: linkUrl(id), headers: bearer(staff) });
    expect(revoke.json()).toEqual({ revoked: 1 });
    // Both sign-ins made with the link end, the rotated one too: refresh and access tokens.
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await refresh(rotated.json().refresh)).statusCode).toBe(401);
    expect((await me(phone.access)).statusCode).toBe(401);
    expect((await me(rotated.json().access)).statusCode).toBe(401);
    // The participant's own sign-in with the event code and unique code is not the link's.
    expect((await me(withCode.access)).statusCode).toBe(200);
    expect((await refresh(withCode.refresh)).statusCode).toBe(200);
  });

  it('staff sign a participant out everywhere; only staff may, and only for a participant of that event', async () => {
    const id = t.seed.participants[1]?.id ?? 0;
    const url = `/api/events/${t.seed.event.id}/participants/${id}/revoke-sessions/`;
    const a = await participant();
    const b = await participant();
    const other = await signIn({ event_code: 'TEST42', unique_code: 'ABCD2345' });
    expect((await t.request({ method: 'POST', url, headers: bearer(a.access) })).statusCode).toBe(403);
    const wrongEvent = await t.request({
      method: 'POST',
      url: `/api/events/${t.seed.event.id + 1000}/participants/${id}/revoke-sessions/`,
      headers: bearer(await t.staffToken()),
    });
    expect(wrongEvent.statusCode).toBe(404);

    const res = await t.request({ method: 'POST', url, headers: bearer(await t.staffToken()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe('Signed out everywhere.');
    expect(res.json().sessions).toBeGreaterThanOrEqual(2);
    for (const pair of [a, b]) {
      expect((await me(pair.access)).statusCode).toBe(401);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    // Another participant is untouched.
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await participant()).access).toBeTruthy();
  });

  it('staff sign themselves out everywhere, this device included', async () => {
    const here = await signIn(STAFF, '/api/auth/token/');
    const elsewhere = await signIn(STAFF, '/api/auth/token/');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/revoke-sessions/',
      headers: bearer(here.access),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe('Signed out everywhere.');
    expect([res.headers['set-cookie'] ?? []].flat().join('')).toMatch(/refresh_token=;/);
    for (const pair of [here, elsewhere]) {
      expect((await me(pair.access)).statusCode).toBe(401);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    expect((await t.request({ method: 'POST', url: '/api/auth/revoke-sessions/' })).statusCode).toBe(401);
  });

  it('a revocation made by another process reaches this one when it reloads the ended sign-ins', async () => {
    const pair = await signIn(STAFF, '/api/auth/token/');
    const row = await family(pair.refresh);
    // What another process does: its revocation is only in the database.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, row.familyId));
    await t.app.revokedSessions.reload();
    expect((await me(pair.access)).statusCode).toBe(401);
  });

  it('a sign-in ends at an absolute time however often it is refreshed', async () => {
    const staff = await signIn(STAFF, '/api/auth/token/');
    const staffRow = await family(staff.refresh);
    expect(Math.abs(staffRow.familyExpiresAt.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    // A participant's ends with the event when that is sooner than 30 days.
    const [event] = await t.database.db.select().from(events).where(eq(events.id, t.seed.event.id));
    const pair = await participant();
    const row = await family(pair.refresh);
    expect(row.familyExpiresAt.getTime()).toBe(event?.endDate.getTime());
    const rotated = await refresh(pair.refresh);
    const next = await family(rotated.json().refresh);
    expect(next.familyId).toBe(row.familyId);
    expect(next.familyExpiresAt.getTime()).toBe(row.familyExpiresAt.getTime());
    expect(next.expiresAt.getTime()).toBeLessThanOrEqual(row.familyExpiresAt.getTime());

    // Past its end, the newest token of the family is refused although it has not been used.
    await t.database.db
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, row.familyId));
    const late = await refresh(rotated.json().refresh);
    expect(late.statusCode).toBe(401);

    // After the event has ended a participant still gets a day (for their tag), not minutes.
    await t.database.db
      .update(events)
      .set({ startDate: new Date(Date.now() - 2 * DAY), endDate: new Date(Date.now() - DAY) })
      .where(eq(events.id, t.seed.event.id));
    try {
      const afterwards = await family((await participant()).refresh);
      expect(Math.abs(afterwards.familyExpiresAt.getTime() - (Date.now() + DAY))).toBeLessThan(60_000);
    } finally {
      await t.database.db
        .update(events)
        .set({ startDate: event?.startDate, endDate: event?.endDate })
        .where(eq(events.id, t.seed.event.id));
    }
  });
});

describe('public endpoints', () => {
  it('health, landing stats and the OpenAPI document', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health/' })).json()).toEqual({ status: 'ok' });
    const stats = await t.request({ method: 'GET', url: '/api/public/stats/' });
    // Nobody checked in yet: no rate rather than 0 %.
    expect(stats.json()).toEqual({
      mode: 'live',
      events_created: 1,
      participants_managed: 2,
      check_in_success_rate: null,
    });
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/auth/login/');
  });

  it('sends security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});

describe('the account endpoint sees every change at once', () => {
  const me = (token: string) =>
    t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(token) });

  it('staff: a changed name and a deactivation', async () => {
    const token = await t.staffToken();
    const first = await me(token);
    const id = first.json().id as number;
    // On the embedded database the answer is now cached, so what follows tests the invalidation.
    if (t.database.kind === 'pglite') expect(t.app.accountCache?.staff(id)).toBeDefined();
    else expect(t.app.accountCache).toBeNull();
    // By hand-written SQL, past every service: the triggers still tell the cache.
    await t.database.db.update(staffUsers).set({ fullName: 'Renamed Staff' }).where(eq(staffUsers.id, id));
    expect((await me(token)).json().full_name).toBe('Renamed Staff');
    await t.database.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, id));
    expect((await me(token)).statusCode).toBe(401);
    await t.database.db.update(staffUsers).set({ isActive: true, fullName: '' }).where(eq(staffUsers.id, id));
    expect((await me(token)).json()).toMatchObject({ id, full_name: '', role: 'admin' });
  });

  it('participant: edited, confirmed, event renamed, then deleted', async () => {
    const staff = await t.staffToken();
    const eventId = t.seed.event.id;
    const created = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/`,
      headers: bearer(staff),
      payload: { full_name: 'Cache Person', email: 'cache.person@example.org' },
    });
    const id = created.json().id as number;
    const token = t.app.tokens.signAccess({ kind: 'participant', participantId: id, eventId });
    expect((await me(token)).json()).toMatchObject({ full_name: 'Cache Person', qr_code_url: null });
    if (t.database.kind === 'pglite') expect(t.app.accountCache?.participant(id)).toBeDefined();

    await t.request({
      method: 'PATCH',
      url: `/api/events/${eventId}/participants/${id}/`,
      headers: bearer(staff),
      payload: { full_name: 'Cache Person Edited' },
    });
    expect((await me(token)).json().full_name).toBe('Cache Person Edited');

    await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/participants/bulk_confirm_attendance/`,
      headers: bearer(staff),
      payload: { participant_ids: [id] },
    });
    const confirmed = (await me(token)).json();
    expect(confirmed.confirmed_attendance).toBe(true);
    expect(confirmed.qr_code_url).toMatch(/\/api\/qr\//);

    const [event] = await t.database.db.select().from(events).where(eq(events.id, eventId));
    await t.database.db.update(events).set({ name: 'Renamed Event' }).where(eq(events.id, eventId));
    expect((await me(token)).json().event_name).toBe('Renamed Event');
    await t.database.db
      .update(events)
      .set({ name: event?.name ?? '' })
      .where(eq(events.id, eventId));

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/events/${eventId}/participants/${id}/`,
      headers: bearer(staff),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });
});
