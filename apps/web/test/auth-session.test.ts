import { act, renderHook } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '@attend/shared';
import {
  beginSignOut,
  expireSession,
  finishSignOut,
  getAccessToken,
  getSession,
  isParticipant,
  isStaff,
  refreshAccessToken,
  REFRESH_THRESHOLD_MS,
  startSession,
  updateSessionUser,
  useSession,
} from '../src/lib/auth-session';
import { deferred, participantUser } from './fixtures';
import { server } from './msw';
import { accessToken, staffUser } from './tokens';

type SessionModule = typeof import('../src/lib/auth-session');

const REFRESH = '/api/auth/token/refresh/';
const ME = '/api/accounts/me/';
const LOGOUT = '/api/auth/logout/';

const anonymous = { status: 'anonymous', user: null, signingOut: false, offline: false };
const signedIn = (user: typeof staffUser | typeof participantUser) => ({
  status: 'authenticated',
  user,
  signingOut: false,
  offline: false,
});

/** Answers the refresh endpoint with `answers` in turn (the last one repeats) and counts the calls. */
/** An answer held back until the test releases it; `arrived` settles when the request comes in. */
function heldAnswer(respond: () => Response) {
  const arrived = deferred();
  const release = deferred();
  const answer = async () => {
    arrived.resolve();
    await release.promise;
    return respond();
  };
  return { arrived, release, answer };
}

function answerRefresh(...answers: (() => Response | Promise<Response>)[]) {
  const calls = { count: 0, bodies: [] as string[] };
  server.use(
    mock.post(REFRESH, async ({ request }) => {
      calls.bodies.push(await request.text());
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      return answer ? answer() : HttpResponse.error();
    }),
  );
  return calls;
}

const pair = (access: string) => () => HttpResponse.json({ access, refresh: 'cookie-only' });
const refused = () =>
  HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 });

/** Answers GET /api/accounts/me/ with `answer` and records the Authorization headers it saw. */
function answerMe(answer: () => Response | Promise<Response>) {
  const authorizations: string[] = [];
  server.use(
    mock.get(ME, ({ request }) => {
      authorizations.push(request.headers.get('authorization') ?? '');
      return answer();
    }),
  );
  return authorizations;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * restoreSession runs once per page load, from the 'restoring' state the module starts in: each test
 * gets a freshly loaded module (its own state), and ends it afterwards so no refresh timer outlives it.
 */
describe('restoreSession', () => {
  let loaded: SessionModule | undefined;
  async function freshSession(): Promise<SessionModule> {
    vi.resetModules();
    loaded = await import('../src/lib/auth-session');
    return loaded;
  }
  // A sign-in on this browser left the server's readable companion of the refresh cookie.
  beforeEach(() => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  });
  afterEach(() => {
    loaded?.expireSession();
    loaded = undefined;
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  });

  it('ends anonymous without a call when nobody signed in on this browser', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    localStorage.clear();
    const s = await freshSession();
    const refresh = answerRefresh(pair(accessToken({ sub: 'never' })));

    await s.restoreSession();

    expect(refresh.count).toBe(0);
    expect(s.getSession()).toEqual(anonymous);
  });

  it('exchanges the refresh cookie, checks it with /accounts/me/ and ends authenticated with the user', async () => {
    const s = await freshSession();
    const token = accessToken({ sub: 'restored' });
    const refresh = answerRefresh(pair(token));
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));
    expect(s.getSession()).toEqual({ status: 'restoring', user: null, signingOut: false, offline: false });
    const settled = s.whenSessionSettled();

    await s.restoreSession();

    expect(refresh).toEqual({ count: 1, bodies: ['{}'] });
    expect(seenByMe).toEqual([`Bearer ${token}`]);
    expect(s.getSession()).toEqual(signedIn(staffUser));
    await expect(settled).resolves.toEqual(signedIn(staffUser));
    await expect(s.getAccessToken()).resolves.toBe(token);
  });

  it('takes the account from the refresh answer without asking /accounts/me/', async () => {
    const s = await freshSession();
    const token = accessToken({ sub: 'restored' });
    answerRefresh(() => HttpResponse.json({ access: token, refresh: 'cookie-only', user: staffUser }));
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));

    await s.restoreSession();

    expect(seenByMe).toEqual([]);
    expect(s.getSession()).toEqual(signedIn(staffUser));
  });

  it('restores a participant too', async () => {
    const s = await freshSession();
    answerRefresh(pair(accessToken({ is_staff: false, is_participant: true, participant_id: 7 })));
    answerMe(() => HttpResponse.json(participantUser));
    await s.restoreSession();
    expect(s.getSession()).toEqual(signedIn(participantUser));
    expect(s.isParticipant(s.getSession().user)).toBe(true);
  });

  it('ends anonymous without asking for the account when the refresh is refused', async () => {
    const s = await freshSession();
    const refresh = answerRefresh(refused);
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));
    const settled = s.whenSessionSettled();

    await s.restoreSession();

    expect(refresh.count).toBe(1);
    expect(seenByMe).toEqual([]);
    expect(s.getSession()).toEqual(anonymous);
    await expect(settled).resolves.toEqual(anonymous);
    await expect(s.getAccessToken()).resolves.toBeNull();
  });

  it('ends anonymous when the refresh answers with an expired token', async () => {
    const s = await freshSession();
    answerRefresh(pair(accessToken({}, -60)));
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));
    await s.restoreSession();
    expect(seenByMe).toEqual([]);
    expect(s.getSession()).toEqual(anonymous);
  });

  it('ends anonymous when the refresh answer is not a token pair', async () => {
    const s = await freshSession();
    answerRefresh(() => HttpResponse.json({ token: 'x' }));
    await s.restoreSession();
    expect(s.getSession()).toEqual(anonymous);
  });

  it('ends anonymous when the network fails during the refresh', async () => {
    const s = await freshSession();
    const refresh = answerRefresh(() => HttpResponse.error());
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));
    await expect(s.restoreSession()).resolves.toBeUndefined();
    expect(refresh.count).toBe(1);
    expect(seenByMe).toEqual([]);
    expect(s.getSession()).toEqual(anonymous);
  });

  it('opens offline as the last user of this device when the network fails, and resumes when it is back', async () => {
    const first = await freshSession();
    first.startSession(accessToken({ sub: 'earlier' }), staffUser);
    const s = await freshSession();
    // One token, made once: made again for the comparison it could carry the next second's iat.
    const back = accessToken({ sub: 'back' });
    const refresh = answerRefresh(() => HttpResponse.error(), pair(back));
    await s.restoreSession();
    expect(s.getSession()).toEqual({ ...signedIn(staffUser), offline: true });
    await expect(s.getAccessToken()).resolves.toBeNull();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(s.getSession()).toEqual(signedIn(staffUser)));
    expect(refresh.count).toBe(2);
    await expect(s.getAccessToken()).resolves.toBe(back);
    // Signing out forgets the user: the next offline start is anonymous.
    s.expireSession();
    const later = await freshSession();
    answerRefresh(() => HttpResponse.error());
    await later.restoreSession();
    expect(later.getSession()).toEqual(anonymous);
  });

  it('ends offline-opened sessions the server refuses once the network is back', async () => {
    const first = await freshSession();
    first.startSession(accessToken({ sub: 'earlier' }), participantUser);
    const s = await freshSession();
    answerRefresh(
      () => HttpResponse.error(),
      () =>
        HttpResponse.json(
          { detail: 'Token is invalid or expired', code: 'token_not_valid' },
          { status: 401 },
        ),
    );
    await s.restoreSession();
    expect(s.getSession().offline).toBe(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(s.getSession()).toEqual(anonymous));
  });

  it('ends anonymous, dropping the new token, when the network fails on /accounts/me/', async () => {
    const s = await freshSession();
    answerRefresh(pair(accessToken({ sub: 'restored' })));
    const seenByMe = answerMe(() => HttpResponse.error());
    await s.restoreSession();
    expect(seenByMe).toHaveLength(1);
    expect(s.getSession()).toEqual(anonymous);
    await expect(s.getAccessToken()).resolves.toBeNull();
  });

  it('ends anonymous when /accounts/me/ refuses the token', async () => {
    const s = await freshSession();
    answerRefresh(pair(accessToken({ sub: 'restored' })));
    answerMe(() => HttpResponse.json({ detail: 'Given token not valid', code: 'x' }, { status: 401 }));
    await s.restoreSession();
    expect(s.getSession()).toEqual(anonymous);
  });

  describe('on a device that remembers who signed in', () => {
    const participantToken = () =>
      accessToken({ sub: '7', is_staff: false, is_participant: true, participant_id: 7 });
    // What the device keeps: the account without the unique code (half of a participant's login).
    const kept = { ...participantUser, unique_code: '' };

    async function rememberedThenFresh(user: typeof staffUser | typeof participantUser) {
      const first = await freshSession();
      first.startSession(accessToken({ sub: String(user.id) }), user);
      return freshSession();
    }

    it('opens at once as that person while the refresh is on its way; requests wait for its token', async () => {
      const s = await rememberedThenFresh(participantUser);
      const token = participantToken();
      const { arrived, release, answer } = heldAnswer(() =>
        HttpResponse.json({ access: token, refresh: 'r', user: participantUser }),
      );
      answerRefresh(answer);
      const seenByMe = answerMe(() => HttpResponse.json(participantUser));

      const restoring = s.restoreSession();
      await arrived.promise;
      await vi.waitFor(() => expect(s.getSession()).toEqual(signedIn(kept)));
      const firstRequestToken = s.getAccessToken();
      release.resolve();
      await restoring;

      await expect(firstRequestToken).resolves.toBe(token);
      // The account's current details (from the refresh's answer) replace the kept copy.
      expect(s.getSession()).toEqual(signedIn(participantUser));
      expect(seenByMe).toEqual([]);
    });

    it('asks /accounts/me/ afterwards when the refresh answers without the account', async () => {
      const s = await rememberedThenFresh(participantUser);
      const token = participantToken();
      answerRefresh(pair(token));
      const seenByMe = answerMe(() => HttpResponse.json(participantUser));

      await s.restoreSession();

      expect(s.getSession()).toEqual(signedIn(kept));
      await vi.waitFor(() => expect(s.getSession()).toEqual(signedIn(participantUser)));
      expect(seenByMe).toEqual([`Bearer ${token}`]);
    });

    it('ends the session it opened when the refresh is refused', async () => {
      const s = await rememberedThenFresh(participantUser);
      const { arrived, release, answer } = heldAnswer(refused);
      answerRefresh(answer);
      const seenByMe = answerMe(() => HttpResponse.json(participantUser));

      const restoring = s.restoreSession();
      await arrived.promise;
      await vi.waitFor(() => expect(s.getSession().status).toBe('authenticated'));
      const firstRequestToken = s.getAccessToken();
      release.resolve();
      await restoring;

      await expect(firstRequestToken).resolves.toBeNull();
      expect(s.getSession()).toEqual(anonymous);
      expect(seenByMe).toEqual([]);
    });

    it('waits for the account when the token was issued to someone else or to another role', async () => {
      const s = await rememberedThenFresh(staffUser);
      // Same account, now a scanner: the kept admin must not stand.
      const token = accessToken({ sub: String(staffUser.id), role: 'scanner' });
      const scanner = { ...staffUser, role: 'scanner' as const, event_ids: [3] };
      answerRefresh(pair(token));
      const seenByMe = answerMe(() => HttpResponse.json(scanner));

      await s.restoreSession();

      expect(seenByMe).toEqual([`Bearer ${token}`]);
      expect(s.getSession()).toEqual(signedIn(scanner));
    });

    it('does not open before the refresh without the readable session cookie', async () => {
      const s = await rememberedThenFresh(participantUser);
      document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
      const { arrived, release, answer } = heldAnswer(pair(participantToken()));
      answerRefresh(answer);
      answerMe(() => HttpResponse.json(participantUser));

      const restoring = s.restoreSession();
      await arrived.promise;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(s.getSession().status).toBe('restoring');
      release.resolve();
      await restoring;
      expect(s.getSession()).toEqual(signedIn(participantUser));
    });
  });

  it('lets a sign-in that completes while the refresh is in flight win', async () => {
    const s = await freshSession();
    const restored = accessToken({ sub: 'restored' });
    const signedInToken = accessToken({ sub: 'login-page', participant_id: 7 });
    const { arrived, release, answer } = heldAnswer(() =>
      HttpResponse.json({ access: restored, refresh: 'r' }),
    );
    answerRefresh(answer);
    const seenByMe = answerMe(() => HttpResponse.json(staffUser));

    const restoring = s.restoreSession();
    await arrived.promise;
    s.startSession(signedInToken, participantUser);
    release.resolve();
    await restoring;

    expect(seenByMe).toEqual([]);
    expect(s.getSession()).toEqual(signedIn(participantUser));
    await expect(s.getAccessToken()).resolves.toBe(signedInToken);
  });

  it('lets a sign-in that completes while /accounts/me/ is in flight win', async () => {
    const s = await freshSession();
    const signedInToken = accessToken({ sub: 'login-page', participant_id: 7 });
    answerRefresh(pair(accessToken({ sub: 'restored' })));
    const { arrived, release, answer } = heldAnswer(() => HttpResponse.json(staffUser));
    answerMe(answer);

    const restoring = s.restoreSession();
    await arrived.promise;
    s.startSession(signedInToken, participantUser);
    release.resolve();
    await restoring;

    expect(s.getSession()).toEqual(signedIn(participantUser));
    await expect(s.getAccessToken()).resolves.toBe(signedInToken);
  });
});

describe('session state (module shared with the app)', () => {
  beforeEach(() => expireSession());

  it('startSession publishes the user; a malformed or expired token ends the session instead', () => {
    startSession(accessToken(), staffUser);
    expect(getSession()).toEqual(signedIn(staffUser));
    startSession('not-a-token', staffUser);
    expect(getSession()).toEqual(anonymous);
    startSession(accessToken({}, -1), staffUser);
    expect(getSession()).toEqual(anonymous);
  });

  it('updateSessionUser changes the user of a signed-in session only', () => {
    updateSessionUser(staffUser);
    expect(getSession()).toEqual(anonymous);
    startSession(accessToken(), staffUser);
    const renamed = { ...staffUser, full_name: 'Renamed Admin' };
    updateSessionUser(renamed);
    expect(getSession()).toEqual(signedIn(renamed));
  });

  it('useSession re-renders with each change', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual(anonymous);
    act(() => startSession(accessToken(), participantUser));
    expect(result.current).toEqual(signedIn(participantUser));
    act(() => expireSession());
    expect(result.current).toEqual(anonymous);
  });

  it('isStaff and isParticipant tell the two kinds of user apart', () => {
    expect([isStaff(staffUser), isParticipant(staffUser)]).toEqual([true, false]);
    expect([isStaff(participantUser), isParticipant(participantUser)]).toEqual([false, true]);
    expect([isStaff(null), isParticipant(null)]).toEqual([false, false]);
  });
});

describe('refreshAccessToken', () => {
  beforeEach(() => expireSession());

  it('shares one request between concurrent callers (single flight), then starts a new one', async () => {
    const first = accessToken({ sub: 'first' });
    const second = accessToken({ sub: 'second' });
    const { arrived, release, answer } = heldAnswer(() => HttpResponse.json({ access: first, refresh: 'r' }));
    const refresh = answerRefresh(answer, pair(second));
    startSession(accessToken({ sub: 'old' }), staffUser);

    const a = refreshAccessToken();
    const b = refreshAccessToken();
    const c = refreshAccessToken();
    expect(b).toBe(a);
    expect(c).toBe(a);
    await arrived.promise;
    release.resolve();
    await expect(Promise.all([a, b, c])).resolves.toEqual([first, first, first]);
    expect(refresh.count).toBe(1);
    await expect(getAccessToken()).resolves.toBe(first);

    await expect(refreshAccessToken()).resolves.toBe(second);
    expect(refresh.count).toBe(2);
  });

  it('resolves null when the server refuses, and rejects when there is no answer', async () => {
    startSession(accessToken(), staffUser);
    answerRefresh(refused, () => HttpResponse.error());
    await expect(refreshAccessToken()).resolves.toBeNull();
    await expect(refreshAccessToken()).rejects.toMatchObject({ name: 'NetworkError' });
  });

  it('ignores an answer that arrives after another sign-in, keeping that sign-in’s token', async () => {
    const current = accessToken({ sub: 'participant' });
    const { arrived, release, answer } = heldAnswer(() =>
      HttpResponse.json({ access: accessToken({ sub: 'late' }), refresh: 'r' }),
    );
    answerRefresh(answer);
    startSession(accessToken({ sub: 'staff' }), staffUser);
    const pending = refreshAccessToken();
    await arrived.promise;
    startSession(current, participantUser);
    release.resolve();
    await expect(pending).resolves.toBe(current);
    await expect(getAccessToken()).resolves.toBe(current);
    expect(getSession()).toEqual(signedIn(participantUser));
  });

  it('takes the cross-tab Web Lock around the exchange when the browser has one', async () => {
    const fresh = accessToken({ sub: 'fresh' });
    const events: string[] = [];
    answerRefresh(() => {
      events.push('refresh request');
      return HttpResponse.json({ access: fresh, refresh: 'r' });
    });
    const locks = {
      request: async (name: string, callback: () => Promise<unknown>) => {
        events.push(`lock ${name}`);
        const result = await callback();
        events.push(`unlock ${name}`);
        return result;
      },
    };
    vi.spyOn(navigator, 'locks', 'get').mockReturnValue(locks as Pick<LockManager, 'request'> as LockManager);
    startSession(accessToken({ sub: 'old' }), staffUser);
    await expect(refreshAccessToken()).resolves.toBe(fresh);
    expect(events).toEqual(['lock attend-auth-refresh', 'refresh request', 'unlock attend-auth-refresh']);
  });
});

describe('getAccessToken', () => {
  beforeEach(() => expireSession());

  it('is null without a session, asking nothing', async () => {
    const refresh = answerRefresh(pair(accessToken()));
    await expect(getAccessToken()).resolves.toBeNull();
    expect(refresh.count).toBe(0);
  });

  it('returns the current token while it is far from expiry', async () => {
    const refresh = answerRefresh(pair(accessToken({ sub: 'fresh' })));
    const current = accessToken({ sub: 'current' }, 15 * 60);
    startSession(current, staffUser);
    await expect(getAccessToken()).resolves.toBe(current);
    expect(refresh.count).toBe(0);
  });

  it('refreshes first when the token is within 5 minutes of expiry', async () => {
    const fresh = accessToken({ sub: 'fresh' });
    const refresh = answerRefresh(pair(fresh));
    startSession(accessToken({ sub: 'current' }, 4 * 60), staffUser);
    await expect(getAccessToken()).resolves.toBe(fresh);
    expect(refresh.count).toBe(1);
    expect(getSession()).toEqual(signedIn(staffUser));
    // The fresh token is far from expiry: no second refresh.
    await expect(getAccessToken()).resolves.toBe(fresh);
    expect(refresh.count).toBe(1);
  });

  it('starts refreshing exactly 5 minutes before expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2025, 0, 1, 9);
    vi.setSystemTime(t0);
    const current = accessToken({ sub: 'current' }, 15 * 60);
    const fresh = accessToken({ sub: 'fresh' }, 15 * 60);
    const refresh = answerRefresh(pair(fresh));
    startSession(current, staffUser);

    vi.setSystemTime(t0 + 15 * 60_000 - REFRESH_THRESHOLD_MS - 1);
    await expect(getAccessToken()).resolves.toBe(current);
    expect(refresh.count).toBe(0);

    vi.setSystemTime(t0 + 15 * 60_000 - REFRESH_THRESHOLD_MS);
    await expect(getAccessToken()).resolves.toBe(fresh);
    expect(refresh.count).toBe(1);
  });

  it('ends the session when the refresh near expiry is refused', async () => {
    answerRefresh(refused);
    startSession(accessToken({}, 4 * 60), staffUser);
    await expect(getAccessToken()).resolves.toBeNull();
    expect(getSession()).toEqual(anonymous);
  });

  it('keeps using the current token while it lasts when the refresh gets no answer', async () => {
    answerRefresh(() => HttpResponse.error());
    const current = accessToken({}, 4 * 60);
    startSession(current, staffUser);
    await expect(getAccessToken()).resolves.toBe(current);
    expect(getSession()).toEqual(signedIn(staffUser));
  });

  it('ends the session when the token has run out and the refresh gets no answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2025, 0, 1, 9);
    vi.setSystemTime(t0);
    const refresh = answerRefresh(() => HttpResponse.error());
    startSession(accessToken({}, 15 * 60), staffUser);
    vi.setSystemTime(t0 + 15 * 60_000);
    await expect(getAccessToken()).resolves.toBeNull();
    expect(refresh.count).toBe(1);
    expect(getSession()).toEqual(anonymous);
  });
});

describe('timed refresh', () => {
  beforeEach(() => expireSession());

  it('refreshes on its own 5 minutes before expiry, and ends the session when refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const refresh = answerRefresh(refused);
    startSession(accessToken({}, 15 * 60), staffUser);

    // The refresh timer is the only one pending, and it has not fired a millisecond early.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(vi.getTimerCount()).toBe(1);
    expect(refresh.count).toBe(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();

    await vi.waitFor(() => expect(getSession()).toEqual(anonymous));
    expect(refresh.count).toBe(1);
  });
});

describe('sign-out', () => {
  beforeEach(() => expireSession());

  it('beginSignOut posts to logout and drops the token; finishSignOut ends anonymous', async () => {
    const arrived = deferred();
    const release = deferred();
    const requests: { body: string; authorization: string | null }[] = [];
    server.use(
      mock.post(LOGOUT, async ({ request }) => {
        requests.push({ body: await request.text(), authorization: request.headers.get('authorization') });
        arrived.resolve();
        await release.promise;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    startSession(accessToken(), staffUser);

    const signingOut = beginSignOut();
    // Guarded pages keep still meanwhile: still authenticated, flagged as signing out.
    expect(getSession()).toEqual({
      status: 'authenticated',
      user: staffUser,
      signingOut: true,
      offline: false,
    });
    await expect(getAccessToken()).resolves.toBeNull();
    await arrived.promise;
    release.resolve();
    await signingOut;

    expect(requests).toEqual([{ body: '{}', authorization: null }]);
    expect(getSession()).toEqual({
      status: 'authenticated',
      user: staffUser,
      signingOut: true,
      offline: false,
    });
    finishSignOut();
    expect(getSession()).toEqual(anonymous);
  });

  it('signs out locally even when the logout request fails', async () => {
    let calls = 0;
    server.use(
      mock.post(LOGOUT, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    startSession(accessToken(), staffUser);
    await expect(beginSignOut()).resolves.toBeUndefined();
    expect(calls).toBe(1);
    finishSignOut();
    expect(getSession()).toEqual(anonymous);
  });

  it('a refresh answered during sign-out does not bring the token back', async () => {
    const { arrived, release, answer } = heldAnswer(() =>
      HttpResponse.json({ access: accessToken({ sub: 'late' }), refresh: 'r' }),
    );
    answerRefresh(answer);
    server.use(mock.post(LOGOUT, () => new HttpResponse(null, { status: 204 })));
    startSession(accessToken(), staffUser);

    const pending = refreshAccessToken();
    await arrived.promise;
    await beginSignOut();
    release.resolve();
    await expect(pending).resolves.toBeNull();
    await expect(getAccessToken()).resolves.toBeNull();
    finishSignOut();
    expect(getSession()).toEqual(anonymous);
  });
});
