import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffAccount, TStaffCredentials } from '@attend/shared';
import { devMailbox, outgoingMessages, refreshTokens, staffInvites, staffUsers } from '../src/db/schema';
import { sha256 } from '../src/lib/tokens';
import { NO_PASSWORD, hashPassword, verifyPassword } from '../src/services/auth/passwords';
import { setStaffAccess } from '../src/services/auth/staff-access';
import { removeStaffAccount, setStaffActive } from '../src/services/auth/staff-accounts';
import { INVITE_TEXTS } from '../src/services/notifications/invite-message';
import { bearer, createTestApp, postFrom, STAFF, type TestApp } from './helper';

let t: TestApp;
let admin: string;
let adminId: number;
let eventId: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true, outboxOptions: { pollMs: 200 } });
  admin = await t.staffToken();
  const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(admin) });
  adminId = (me.json() as { id: number }).id;
  eventId = t.seed.event.id;
});
afterAll(() => t.close());

/** A fresh client address for each attempt expected to fail, so no guessing budget is reached. */
function ip(): string {
  counter += 1;
  return `10.77.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

function uniqueName(prefix = 'door'): string {
  counter += 1;
  return `${prefix}${counter}`;
}

function create(payload: Record<string, unknown>, token = admin) {
  return t.request({
    method: 'POST',
    url: '/api/accounts/staff/',
    headers: token ? bearer(token) : {},
    payload,
  });
}

async function created(payload: Record<string, unknown>): Promise<TStaffCredentials> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function tokenOf(inviteUrl: string | null): string {
  const url = new URL(inviteUrl ?? 'http://x/');
  return new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
}

function accept(token: string, password: string, from = '127.0.0.1') {
  return postFrom(t, '/api/auth/invite/accept/', { token, password }, from);
}

function signIn(username: string, password: string, from = ip()) {
  return postFrom(t, '/api/auth/token/', { username, password }, from);
}

async function listed(id: number): Promise<TStaffAccount | undefined> {
  const res = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return (res.json() as TStaffAccount[]).find((a) => a.id === id);
}

async function passwordHashOf(id: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ hash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row?.hash;
}

/** A scanner of the demo event with a generated password, signed in: its id, password and tokens. */
async function signedInScanner() {
  const username = uniqueName('scan');
  const made = await created({ username, role: 'scanner', event_ids: [eventId], delivery: 'password' });
  const res = await signIn(username, made.password ?? '', '127.0.0.1');
  expect(res.statusCode).toBe(200);
  const body = res.json() as { access: string; refresh: string };
  return { id: made.account.id, username, password: made.password ?? '', ...body };
}

describe('POST /api/accounts/staff/: who may', () => {
  it('refuses a visitor (401), a participant and a scanner (403), and changes nothing', async () => {
    const scanner = await signedInScanner();
    const participant = await t.participantToken();
    const payload = { username: uniqueName(), role: 'scanner', event_ids: [eventId] };
    expect((await create(payload, '')).statusCode).toBe(401);
    expect((await create(payload, participant)).statusCode).toBe(403);
    expect((await create(payload, scanner.access)).statusCode).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.username, payload.username));
    expect(row).toBeUndefined();
    // The other calls are admins' too.
    const target = scanner.id;
    for (const [method, url, body] of [
      ['POST', `/api/accounts/staff/${target}/disable/`, undefined],
      ['POST', `/api/accounts/staff/${target}/enable/`, undefined],
      ['POST', `/api/accounts/staff/${target}/credentials/`, { delivery: 'password' }],
      ['DELETE', `/api/accounts/staff/${target}/`, undefined],
    ] as const) {
      const asParticipant = await t.request({ method, url, headers: bearer(participant), payload: body });
      const asScanner = await t.request({ method, url, headers: bearer(scanner.access), payload: body });
      const asNobody = await t.request({ method, url, payload: body });
      expect([asParticipant.statusCode, asScanner.statusCode, asNobody.statusCode]).toEqual([403, 403, 401]);
    }
    expect((await listed(target))?.is_active).toBe(true);
  });
});

describe('POST /api/accounts/staff/: validation', () => {
  it('refuses a bad username, an existing one in any case, a scanner without events and unknown events', async () => {
    const badName = await create({ username: 'no spaces!', role: 'admin' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors.username).toEqual([
      'Usernames may contain only letters, digits and @ . + - _',
    ]);

    const taken = await create({ username: STAFF.username.toUpperCase(), role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'conflict',
      detail: 'A staff account with this username already exists.',
    });

    const noEvents = await create({ username: uniqueName(), role: 'scanner', event_ids: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().detail).toBe('A scanner needs at least one event.');

    const unknown = await create({ username: uniqueName(), role: 'scanner', event_ids: [eventId, 987654] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Unknown event ids: 987654.');

    const badEmail = await create({ username: uniqueName(), role: 'admin', email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors.email).toEqual(['Please enter a valid email address']);

    const badRole = await create({ username: uniqueName(), role: 'owner' });
    expect(badRole.statusCode).toBe(400);
  });

  it('answers in the language of the request', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/accounts/staff/',
      headers: { ...bearer(admin), 'accept-language': 'fr' },
      payload: { username: uniqueName(), role: 'scanner', event_ids: [] },
    });
    expect(res.json().detail).toBe('Un scanneur a besoin d’au moins un événement.');
  });

  it('gives two admins adding the same name at once one account', async () => {
    const username = uniqueName('twin');
    const [a, b] = await Promise.all([
      create({ username, role: 'admin', delivery: 'password' }),
      create({ username: username.toUpperCase(), role: 'admin', delivery: 'password' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('an invitation', () => {
  it('is answered once, in the link fragment; the account cannot sign in until the password is chosen', async () => {
    const username = uniqueName();
    const made = await created({ username, role: 'scanner', event_ids: [eventId], full_name: 'Door One' });
    expect(made.password).toBeNull();
    expect(made.invite_emailed).toBe(false);
    expect(made.invite_url).toMatch(/^http:\/\/attend\.test\/dashboard\/invite#token=[\w-]{22}$/);
    const expires = Date.parse(made.invite_expires_at ?? '');
    expect(expires - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(made.account).toMatchObject({
      username,
      full_name: 'Door One',
      role: 'scanner',
      event_ids: [eventId],
      is_active: true,
      has_password: false,
      invite_expires_at: made.invite_expires_at,
    });
    const token = tokenOf(made.invite_url);
    // Only its hash is stored, and the list never shows it.
    const [stored] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.staffUserId, made.account.id));
    expect(stored?.tokenHash).not.toContain(token);
    const list = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(admin) });
    expect(list.body).not.toContain(token);
    expect(await listed(made.account.id)).toMatchObject({
      has_password: false,
      invite_expires_at: made.invite_expires_at,
    });

    // Before accepting: no password signs in, not even what is stored in place of a hash.
    for (const password of ['anything-at-all', NO_PASSWORD, '']) {
      const res = await signIn(username, password);
      expect(res.statusCode).toBe(password ? 401 : 400);
    }

    const check = await postFrom(t, '/api/auth/invite/check/', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      username,
      full_name: 'Door One',
      role: 'scanner',
      expires_at: made.invite_expires_at,
    });
  });

  it('sets the password once and signs the scanner in; the token is spent', async () => {
    const username = uniqueName();
    const made = await created({ username, role: 'scanner', event_ids: [eventId] });
    const token = tokenOf(made.invite_url);
    const res = await accept(token, 'a door password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username, role: 'scanner', event_ids: [eventId], is_staff: true });
    const cookies = [res.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cookies).toMatch(/refresh_token=/);
    expect(cookies).toMatch(/staff_device=/);
    // The access token works at the event's station.
    const station = await t.request({
      method: 'GET',
      url: '/api/check-in/events/',
      headers: bearer(body.access),
    });
    expect(station.statusCode).toBe(200);

    expect((await signIn(username, 'a door password', '127.0.0.1')).statusCode).toBe(200);
    expect(await listed(made.account.id)).toMatchObject({ has_password: true, invite_expires_at: null });

    // Used: refused with a clear message, and the password stays the chosen one.
    const hash = await passwordHashOf(made.account.id);
    const again = await accept(token, 'another password');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: 'invite_used',
      detail: 'This invitation has already been used. Sign in with the password you chose.',
    });
    expect((await postFrom(t, '/api/auth/invite/check/', { token })).statusCode).toBe(410);
    expect(await passwordHashOf(made.account.id)).toBe(hash);
    expect((await signIn(username, 'another password')).statusCode).toBe(401);
  });

  it('refuses an unknown token and an expired one, changing nothing', async () => {
    const unknown = await accept('x'.repeat(22), 'a long password', ip());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'invite_invalid',
      detail:
        'This invitation link is not valid. Check that you opened the whole link, or ask an admin for a new one.',
    });
    const empty = await accept('', 'a long password', ip());
    expect(empty.statusCode).toBe(400);

    const made = await created({ username: uniqueName(), role: 'scanner', event_ids: [eventId] });
    await t.database.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.staffUserId, made.account.id));
    const token = tokenOf(made.invite_url);
    const expired = await accept(token, 'a long password');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'invite_expired',
      detail: 'This invitation has expired. Ask an admin for a new one.',
    });
    expect(await passwordHashOf(made.account.id)).toBe(NO_PASSWORD);
    expect(await listed(made.account.id)).toMatchObject({ has_password: false, invite_expires_at: null });
    const [invite] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.staffUserId, made.account.id));
    expect(invite?.usedAt).toBeNull();
  });

  it('holds the password rules, and a refused password leaves the invitation usable', async () => {
    const username = uniqueName('volunteer');
    const made = await created({ username, role: 'admin' });
    const token = tokenOf(made.invite_url);
    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters long.']);
    const long = await accept(token, 'x'.repeat(257));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.password).toEqual(['Password must be at most 256 characters long.']);
    const same = await accept(token, username.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe('Password must not be the same as the username.');
    expect(await passwordHashOf(made.account.id)).toBe(NO_PASSWORD);
    expect((await accept(token, 'x'.repeat(256))).statusCode).toBe(200);
  });

  it('is refused for a disabled account', async () => {
    const made = await created({ username: uniqueName(), role: 'scanner', event_ids: [eventId] });
    const off = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${made.account.id}/disable/`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    const res = await accept(tokenOf(made.invite_url), 'a long password');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_disabled');
    expect(await passwordHashOf(made.account.id)).toBe(NO_PASSWORD);
  });

  it('is e-mailed when the account has an address: the link and its expiry, never kept in the outbox', async () => {
    const username = uniqueName();
    const email = `${username}@example.org`;
    const made = await created({
      username,
      role: 'scanner',
      event_ids: [eventId],
      email,
      full_name: 'Mail Door',
    });
    expect(made.invite_emailed).toBe(true);
    expect(made.account.email).toBe(email);
    await t.app.outbox?.idle();
    const [message] = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, email));
    expect(message).toMatchObject({
      status: 'sent',
      kind: 'staff_invite:en',
      eventId: null,
      participantId: null,
    });
    expect(message?.body).toContain('[invitation link]');
    expect(message?.body).not.toMatch(/#token=/);
    const [mail] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.recipient, email));
    expect(mail?.subject).toBe(INVITE_TEXTS.en.subject);
    expect(mail?.body).toContain('Hello Mail Door,');
    expect(mail?.body).toContain(`with the username ${username}`);
    const expiry = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(made.invite_expires_at ?? ''));
    expect(mail?.body).toContain(`until ${expiry} (UTC)`);
    const link = /http:\/\/attend\.test\/dashboard\/invite#token=[\w-]+/.exec(mail?.body ?? '')?.[0] ?? null;
    expect(link).not.toBeNull();
    // Not the link shown to the admin: a token of its own, spent with the other.
    expect(tokenOf(link)).not.toBe(tokenOf(made.invite_url));
    expect((await accept(tokenOf(link), 'the mailed password')).statusCode).toBe(200);
    const shown = await accept(tokenOf(made.invite_url), 'another password');
    expect(shown.statusCode).toBe(410);
    expect((await signIn(username, 'the mailed password', '127.0.0.1')).statusCode).toBe(200);
  });

  it('is e-mailed in the language of the admin who made it', async () => {
    const username = uniqueName();
    const email = `${username}@example.org`;
    const res = await t.request({
      method: 'POST',
      url: '/api/accounts/staff/',
      headers: { ...bearer(admin), 'accept-language': 'fr' },
      payload: { username, role: 'admin', email },
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox?.idle();
    const [mail] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.recipient, email));
    expect(mail?.subject).toBe(INVITE_TEXTS.fr.subject);
  });

  it('two invitations of one account accepted at once: one sets the password, the other is refused', async () => {
    const username = uniqueName();
    const email = `${username}@example.org`;
    const made = await created({ username, role: 'scanner', event_ids: [eventId], email });
    await t.app.outbox?.idle();
    const [mail] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.recipient, email));
    const mailed = tokenOf(/http:\/\/\S+#token=[\w-]+/.exec(mail?.body ?? '')?.[0] ?? null);
    const [a, b] = await Promise.all([
      accept(tokenOf(made.invite_url), 'first password'),
      accept(mailed, 'second password'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
  });
});

describe('a generated password', () => {
  it('is answered once and signs in; the account has no invitation', async () => {
    const username = uniqueName();
    const made = await created({
      username,
      role: 'admin',
      delivery: 'password',
      email: `${username}@example.org`,
    });
    expect(made.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(made).toMatchObject({ invite_url: null, invite_expires_at: null, invite_emailed: false });
    expect(made.account).toMatchObject({
      role: 'admin',
      event_ids: [],
      has_password: true,
      invite_expires_at: null,
    });
    expect((await signIn(username, made.password ?? '', '127.0.0.1')).statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(admin) });
    expect(list.body).not.toContain(made.password ?? 'missing');
  });
});

describe('resetting credentials', () => {
  it('a new invitation: the old password and sign-ins end, earlier invitations are spent', async () => {
    const scanner = await signedInScanner();
    const first = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${scanner.id}/credentials/`,
      headers: bearer(admin),
      payload: { delivery: 'invite' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${scanner.id}/credentials/`,
      headers: bearer(admin),
      payload: { delivery: 'invite' },
    });
    const firstToken = tokenOf((first.json() as TStaffCredentials).invite_url);
    const secondToken = tokenOf((second.json() as TStaffCredentials).invite_url);
    expect((await signIn(scanner.username, scanner.password)).statusCode).toBe(401);
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(scanner.access) });
    expect(me.statusCode).toBe(401);
    expect((await accept(firstToken, 'a long password', ip())).statusCode).toBe(400);
    expect((await accept(secondToken, 'a long password')).statusCode).toBe(200);
  });

  it('a new password, and never for oneself', async () => {
    const scanner = await signedInScanner();
    const res = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${scanner.id}/credentials/`,
      headers: bearer(admin),
      payload: { delivery: 'password' },
    });
    const fresh = (res.json() as TStaffCredentials).password ?? '';
    expect((await signIn(scanner.username, scanner.password)).statusCode).toBe(401);
    expect((await signIn(scanner.username, fresh, '127.0.0.1')).statusCode).toBe(200);
    const own = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${adminId}/credentials/`,
      headers: bearer(admin),
      payload: { delivery: 'password' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().detail).toBe('You cannot reset your own password here.');
  });
});

describe('disabling and enabling', () => {
  it('a disabled account cannot sign in and its sign-ins end; enabled again, it signs in', async () => {
    const scanner = await signedInScanner();
    const off = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${scanner.id}/disable/`,
      headers: bearer(admin),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: scanner.id, is_active: false });
    const station = await t.request({
      method: 'GET',
      url: '/api/check-in/events/',
      headers: bearer(scanner.access),
    });
    expect(station.statusCode).toBe(401);
    expect(station.json().detail).toBe('This sign-in has ended. Please sign in again.');
    const refresh = await postFrom(t, '/api/auth/token/refresh/', { refresh: scanner.refresh });
    expect(refresh.statusCode).toBe(401);
    const login = await signIn(scanner.username, scanner.password);
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe('Invalid username or password.');

    const on = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${scanner.id}/enable/`,
      headers: bearer(admin),
    });
    expect(on.json()).toMatchObject({ is_active: true });
    expect((await signIn(scanner.username, scanner.password, '127.0.0.1')).statusCode).toBe(200);
  });

  it('an admin cannot disable themselves, nor the last enabled admin', async () => {
    const self = await t.request({
      method: 'POST',
      url: `/api/accounts/staff/${adminId}/disable/`,
      headers: bearer(admin),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot disable your own account.');

    // Another admin, and the two disabling each other at once: one of them stays.
    const other = await created({ username: uniqueName('admin'), role: 'admin', delivery: 'password' });
    const otherLogin = await signIn(other.account.username, other.password ?? '', '127.0.0.1');
    const otherToken = (otherLogin.json() as { access: string }).access;
    const admins = async () =>
      (await t.database.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'))).filter(
        (u) => u.isActive && u.passwordHash.startsWith('$'),
      ).length;
    const before = await admins();
    // Leave only these two enabled.
    const others = (await t.database.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'))).filter(
      (u) => u.id !== adminId && u.id !== other.account.id && u.isActive,
    );
    for (const u of others)
      await t.database.db.update(staffUsers).set({ isActive: false }).where(eq(staffUsers.id, u.id));
    expect(await admins()).toBe(2);
    const [a, b] = await Promise.all([
      t.request({
        method: 'POST',
        url: `/api/accounts/staff/${other.account.id}/disable/`,
        headers: bearer(admin),
      }),
      t.request({
        method: 'POST',
        url: `/api/accounts/staff/${adminId}/disable/`,
        headers: bearer(otherToken),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().detail).toBe('At least one enabled admin account must remain.');
    expect(await admins()).toBe(1);

    // The remaining admin is the last: a stale actor can neither disable, demote nor remove it.
    const [last] = (await t.database.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'))).filter(
      (u) => u.isActive && u.passwordHash.startsWith('$'),
    );
    const stale = { kind: 'staff' as const, staffId: 999_999, username: 'gone', role: 'admin' as const };
    await expect(setStaffActive(t.database.db, stale, last?.id ?? 0, false, '')).rejects.toThrow(
      'At least one enabled admin account must remain.',
    );
    await expect(
      setStaffAccess(t.database.db, stale, last?.id ?? 0, { role: 'scanner', event_ids: [eventId] }, ''),
    ).rejects.toThrow('At least one enabled admin account must remain.');
    await expect(removeStaffAccount(t.database.db, stale, last?.id ?? 0, '')).rejects.toThrow(
      'At least one enabled admin account must remain.',
    );

    // Put things back for the other tests.
    for (const u of [...others, { id: adminId }, { id: other.account.id }]) {
      await t.database.db.update(staffUsers).set({ isActive: true }).where(eq(staffUsers.id, u.id));
    }
    expect(await admins()).toBeGreaterThanOrEqual(before);
    admin = await t.staffToken();
  });
});

describe('removing', () => {
  it('removes the account, and its sign-ins end with it', async () => {
    const scanner = await signedInScanner();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/accounts/staff/${scanner.id}/`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(204);
    expect(await listed(scanner.id)).toBeUndefined();
    const station = await t.request({
      method: 'GET',
      url: '/api/check-in/events/',
      headers: bearer(scanner.access),
    });
    expect(station.statusCode).toBe(401);
    // Its ended sign-in is kept, detached, until the access tokens it issued have expired.
    const kept = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(scanner.refresh)));
    expect(kept[0]).toMatchObject({ staffUserId: null });
    expect(kept[0]?.revokedAt).not.toBeNull();
    expect((await postFrom(t, '/api/auth/token/refresh/', { refresh: scanner.refresh })).statusCode).toBe(
      401,
    );
    expect((await signIn(scanner.username, scanner.password)).statusCode).toBe(401);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/accounts/staff/${scanner.id}/`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('an admin cannot remove themselves', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/accounts/staff/${adminId}/`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot remove your own account.');
  });

  it('cancels an invitation e-mail that is tried again after the account is gone', async () => {
    const username = uniqueName();
    const email = `${username}@example.org`;
    const made = await created({ username, role: 'scanner', event_ids: [eventId], email });
    await t.app.outbox?.idle();
    await t.request({
      method: 'DELETE',
      url: `/api/accounts/staff/${made.account.id}/`,
      headers: bearer(admin),
    });
    // As Force Retry would: the message is due again.
    await t.database.db
      .update(outgoingMessages)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(outgoingMessages.recipient, email));
    t.app.outbox?.wake();
    await t.app.outbox?.idle();
    const [message] = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, email));
    expect(message).toMatchObject({
      status: 'cancelled',
      lastError: 'The invitation was replaced by a newer one, or the account removed.',
    });
    const mails = await t.database.db.select().from(devMailbox).where(eq(devMailbox.recipient, email));
    expect(mails).toHaveLength(1);
  });
});

describe('passwords', () => {
  it('an account without a password is refused after the same work as a wrong password', async () => {
    const real = await hashPassword('the real password');
    await verifyPassword(real, 'warm up');
    await verifyPassword(NO_PASSWORD, 'warm up');
    // The three kinds are timed in turns, so a busy moment of the machine falls on all of them.
    const stores = { wrong: real, none: NO_PASSWORD, unknown: null } as const;
    const runs: Record<keyof typeof stores, number[]> = { wrong: [], none: [], unknown: [] };
    for (let i = 0; i < 7; i++) {
      for (const kind of ['wrong', 'none', 'unknown'] as const) {
        const start = performance.now();
        expect(await verifyPassword(stores[kind], 'a guess')).toBe(false);
        runs[kind].push(performance.now() - start);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[3] ?? 0;
    const wrong = median(runs.wrong);
    const none = median(runs.none);
    const unknown = median(runs.unknown);
    expect(none / wrong).toBeGreaterThan(0.5);
    expect(none / wrong).toBeLessThan(2);
    expect(unknown / wrong).toBeGreaterThan(0.5);
    expect(await verifyPassword('not a hash at all', 'x')).toBe(false);
  });
});
