import { http as mock, HttpResponse } from 'msw';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, fetchAhead, InvalidResponseError } from '../src/lib/api-client';
import { expireSession, getSession, startSession } from '../src/lib/auth-session';
import { server } from './msw';
import { accessToken, staffUser } from './tokens';

describe('api client', () => {
  beforeEach(() => expireSession());

  it('sends one bearer header, and on a 401 refreshes once and retries with the new token', async () => {
    // Made once each: a token made again a second later differs (its iat).
    const stale = accessToken({ sub: 'stale' });
    const fresh = accessToken({ sub: 'fresh' });
    const seen: string[] = [];
    let refreshes = 0;
    server.use(
      mock.get('/api/things/', ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        return auth === `Bearer ${fresh}`
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ detail: 'Token expired', code: 'token_invalid' }, { status: 401 });
      }),
      mock.post('/api/auth/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json({ access: fresh, refresh: 'r2' });
      }),
    );
    startSession(stale, staffUser);
    await expect(api('/api/things/')).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(seen).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    expect(getSession().status).toBe('authenticated');
  });

  it('ends the session when the refresh is refused', async () => {
    server.use(
      mock.get('/api/things/', () => HttpResponse.json({ detail: 'Nope' }, { status: 401 })),
      mock.post('/api/auth/token/refresh/', () => HttpResponse.json({ detail: 'Invalid' }, { status: 401 })),
    );
    startSession(accessToken({ sub: 'stale' }), staffUser);
    const err = await api('/api/things/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(getSession()).toMatchObject({ status: 'anonymous', user: null });
  });
});

describe('an answer fetched ahead of its page', () => {
  beforeEach(() => expireSession());
  afterEach(() => vi.useRealTimers());

  /** Counts the GETs of /api/things/ and answers each with its number. */
  function things(answer: (n: number) => Response = (n) => HttpResponse.json({ n })) {
    const calls = { n: 0 };
    server.use(mock.get('/api/things/', () => answer(++calls.n)));
    return calls;
  }
  const ZThing = z.object({ n: z.number() });
  /** Lets the request fetched ahead go out and come back. */
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it("is what the page's own call gets: one request, checked against the page's schema", async () => {
    const calls = things();
    startSession(accessToken({ sub: '1' }), staffUser);
    void fetchAhead('/api/things/');
    await settle();
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 1 });
    expect(calls.n).toBe(1);
    // Taken once: the next call asks the server.
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 2 });
  });

  it('fails the schema as an answer of its own would', async () => {
    things(() => HttpResponse.json({ n: 'one' }));
    startSession(accessToken({ sub: '1' }), staffUser);
    void fetchAhead('/api/things/');
    await expect(api('/api/things/', { schema: ZThing })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('is asked for again when it failed, so the page sees the failure as it comes', async () => {
    const calls = things((n) =>
      n === 1 ? HttpResponse.json({ detail: 'Busy' }, { status: 503 }) : HttpResponse.json({ n }),
    );
    startSession(accessToken({ sub: '1' }), staffUser);
    void fetchAhead('/api/things/');
    await settle();
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 2 });
    expect(calls.n).toBe(2);
  });

  it('is not used by someone else, nor after ten seconds', async () => {
    const calls = things();
    startSession(accessToken({ sub: '1' }), staffUser);
    void fetchAhead('/api/things/');
    await settle();
    startSession(accessToken({ sub: '2' }), { ...staffUser, id: staffUser.id + 1 });
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 2 });
    // A participant whose id is the staff member's is someone else too.
    void fetchAhead('/api/things/');
    await settle();
    startSession(accessToken({ sub: '2', is_participant: true }), {
      id: staffUser.id + 1,
      full_name: 'Amina Uwase',
      email: 'amina@example.org',
      organization: '',
      job_title: '',
      language: 'en',
      unique_code: 'ABCD2345',
      confirmed_attendance: false,
      confirmed_at: null,
      qr_code_url: null,
      event: { id: 1, event_code: 'E2ETST' },
      event_name: 'Workshop',
      is_participant: true,
      is_staff: false,
    });
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 4 });

    startSession(accessToken({ sub: '1' }), staffUser);
    void fetchAhead('/api/things/');
    await settle();
    vi.useFakeTimers({ now: Date.now() + 11_000, toFake: ['Date'] });
    await expect(api('/api/things/', { schema: ZThing })).resolves.toEqual({ n: 6 });
    expect(calls.n).toBe(6);
  });
});
