import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TParticipant } from '@attend/shared';
import { auditLog, loginLinks, participants } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, postFrom, type TestApp } from './helper';

/** Who may hand out and revoke a participant's one-click links: an admin only, of the right event. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const linkUrl = (eventId: number, id: number) => `/api/events/${eventId}/participants/${id}/login-link/`;

async function scannerToken(username: string, eventIds: number[]): Promise<string> {
  await createStaffUser(t.database.db, {
    username,
    password: 'scanner-password-1',
    role: 'scanner',
    eventIds,
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username, password: 'scanner-password-1' },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { access: string }).access;
}

/** An admin-made link for the first seeded participant, and its token. */
async function liveLink(): Promise<{ participantId: number; token: string }> {
  const participantId = t.seed.participants[0]?.id ?? 0;
  const res = await t.request({
    method: 'POST',
    url: linkUrl(t.seed.event.id, participantId),
    headers: bearer(await t.staffToken()),
  });
  expect(res.statusCode).toBe(201);
  const token = new URL((res.json() as { url: string }).url).searchParams.get('token') ?? '';
  return { participantId, token };
}

async function liveLinkCount(participantId: number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(loginLinks)
    .where(eq(loginLinks.participantId, participantId));
  return rows.filter((r) => r.revokedAt === null).length;
}

describe('login links: who may create and revoke them', () => {
  it('refuses a participant, even for their own links, and changes nothing', async () => {
    const { participantId, token } = await liveLink();
    const before = await liveLinkCount(participantId);
    const own = await t.participantToken(0);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: linkUrl(t.seed.event.id, participantId),
        headers: bearer(own),
      });
      expect(res.statusCode, method).toBe(403);
    }
    expect(await liveLinkCount(participantId)).toBe(before);
    const login = await t.request({ method: 'POST', url: '/api/auth/one-click-login/', payload: { token } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses scanner staff of another event and of this one, and changes nothing', async () => {
    const other = await otherEvent(t.database.db);
    const { participantId } = await liveLink();
    const before = await liveLinkCount(participantId);
    const elsewhere = await scannerToken('scanner-elsewhere', [other.eventId]);
    const here = await scannerToken('scanner-here', [t.seed.event.id]);
    for (const token of [elsewhere, here]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await t.request({
          method,
          url: linkUrl(t.seed.event.id, participantId),
          headers: bearer(token),
        });
        expect(res.statusCode, method).toBe(403);
      }
    }
    expect(await liveLinkCount(participantId)).toBe(before);
  });

  it('does not reach a participant through another event’s URL: 404, their links stay live', async () => {
    const other = await otherEvent(t.database.db);
    const { participantId, token } = await liveLink();
    const before = await liveLinkCount(participantId);
    expect(before).toBeGreaterThan(0);
    const admin = await t.staffToken();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: linkUrl(other.eventId, participantId),
        headers: bearer(admin),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Participant not found.' });
    }
    expect(await liveLinkCount(participantId)).toBe(before);
    const login = await t.request({ method: 'POST', url: '/api/auth/one-click-login/', payload: { token } });
    expect(login.statusCode).toBe(200);
  });

  it('revokes every live link at once; a second revoke finds none', async () => {
    const first = await liveLink();
    const second = await liveLink();
    const admin = await t.staffToken();
    const url = linkUrl(t.seed.event.id, first.participantId);
    const live = await liveLinkCount(first.participantId);
    expect(live).toBeGreaterThanOrEqual(2);
    const revoke = await t.request({ method: 'DELETE', url, headers: bearer(admin) });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ revoked: live });
    expect(await liveLinkCount(first.participantId)).toBe(0);
    for (const { token } of [first, second]) {
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/one-click-login/',
        payload: { token },
      });
      expect(login.statusCode).toBe(401);
    }
    const again = await t.request({ method: 'DELETE', url, headers: bearer(admin) });
    expect(again.json()).toEqual({ revoked: 0 });
  });
});

describe('reset login code', () => {
  const resetUrl = (eventId: number, id: number) => `/api/events/${eventId}/participants/${id}/reset-code/`;
  const OLD_CODE = 'RSTC2345';

  async function resettable(code: string) {
    const [p] = await t.database.db
      .insert(participants)
      .values({
        eventId: t.seed.event.id,
        username: `reset.${code.toLowerCase()}`,
        fullName: 'Leaked Code',
        email: `reset.${code.toLowerCase()}@example.org`,
        uniqueCode: code,
        confirmedAttendance: true,
        confirmedAt: new Date(),
      })
      .returning();
    if (!p) throw new Error('no participant');
    return p;
  }

  const signIn = (code: string) =>
    postFrom(t, '/api/auth/login/', { event_code: t.seed.event.eventCode, unique_code: code });

  it('gives a new code; the old one, every sign-in and every login link end; the QR code stays', async () => {
    const p = await resettable(OLD_CODE);
    const admin = await t.staffToken();
    const login = await signIn(OLD_CODE);
    expect(login.statusCode).toBe(200);
    const { access, refresh } = login.json() as { access: string; refresh: string };
    const link = await t.request({
      method: 'POST',
      url: linkUrl(t.seed.event.id, p.id),
      headers: bearer(admin),
    });
    const linkToken = new URL((link.json() as { url: string }).url).searchParams.get('token') ?? '';
    const detail = await t.request({
      method: 'GET',
      url: `/api/events/${t.seed.event.id}/participants/${p.id}/`,
      headers: bearer(admin),
    });
    const qrPath = new URL((detail.json() as TParticipant).qr_code_url ?? '').pathname;
    const qrUrl = `${qrPath}${new URL((detail.json() as TParticipant).qr_code_url ?? '').search}`;
    const qrBefore = await t.request({ method: 'GET', url: qrUrl });
    expect(qrBefore.statusCode).toBe(200);

    const res = await t.request({
      method: 'POST',
      url: resetUrl(t.seed.event.id, p.id),
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TParticipant;
    expect(after).toMatchObject({ id: p.id, event: t.seed.event.id, full_name: 'Leaked Code' });
    expect(after.unique_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(after.unique_code).not.toBe(OLD_CODE);

    const old = await signIn(OLD_CODE);
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe('Invalid event code or unique code');
    const fresh = await signIn(after.unique_code);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().participant.id).toBe(p.id);

    const refreshed = await postFrom(t, '/api/auth/token/refresh/', { refresh });
    expect(refreshed.statusCode).toBe(401);
    const me = await t.request({ method: 'GET', url: '/api/accounts/me/', headers: bearer(access) });
    expect(me.statusCode).toBe(401);
    const oneClick = await postFrom(t, '/api/auth/one-click-login/', { token: linkToken });
    expect(oneClick.statusCode).toBe(401);
    expect(await liveLinkCount(p.id)).toBe(0);

    // The QR code is signed over the ids, not the code: the same image, and it still checks in.
    const qrAfter = await t.request({ method: 'GET', url: qrUrl });
    expect(qrAfter.rawPayload.equals(qrBefore.rawPayload)).toBe(true);
    const credential = (await t.app.qrKeys.signer(t.database.db, t.seed.event.id))({
      eventId: t.seed.event.id,
      participantId: p.id,
    });
    const door = await t.request({
      method: 'POST',
      url: `/api/events/${t.seed.event.id}/check-in/`,
      headers: bearer(admin),
      payload: { qr_code_data: credential, session: null },
    });
    expect(door.statusCode).toBe(201);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant.reset_code'), eq(auditLog.targetId, p.id)));
    expect(entry?.details).toEqual({ links: 1, sessions: 1 });
    expect(JSON.stringify(entry)).not.toContain(OLD_CODE);
    expect(JSON.stringify(entry)).not.toContain(after.unique_code);
  });

  it('is for admins only, and reaches only a participant of the event in the URL', async () => {
    const p = await resettable('RSTD2345');
    const other = await otherEvent(t.database.db);
    const admin = await t.staffToken();
    const elsewhere = await t.request({
      method: 'POST',
      url: resetUrl(t.seed.event.id, other.participantId),
      headers: bearer(admin),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().detail).toBe('Participant not found.');
    const own = (await signIn('RSTD2345')).json().access as string;
    const scanner = await scannerToken('scanner-reset', [t.seed.event.id]);
    for (const token of [own, scanner]) {
      const res = await t.request({
        method: 'POST',
        url: resetUrl(t.seed.event.id, p.id),
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
    }
    const codes = await t.database.db
      .select({ id: participants.id, code: participants.uniqueCode })
      .from(participants)
      .where(inArray(participants.id, [p.id, other.participantId]));
    expect(codes.map((c) => c.code).sort()).toEqual(['QRST2345', 'RSTD2345']);
    expect((await signIn('RSTD2345')).statusCode).toBe(200);
  });
});
