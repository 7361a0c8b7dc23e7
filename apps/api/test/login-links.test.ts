import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLinks } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

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
