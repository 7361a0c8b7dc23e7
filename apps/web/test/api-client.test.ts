import { http as mock, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError } from '../src/lib/api-client';
import { expireSession, getSession, startSession } from '../src/lib/auth-session';
import { server } from './msw';
import { accessToken, staffUser } from './tokens';

describe('api client', () => {
  beforeEach(() => expireSession());

  it('sends one bearer header, and on a 401 refreshes once and retries with the new token', async () => {
    const seen: string[] = [];
    let refreshes = 0;
    server.use(
      mock.get('/api/things/', ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        return auth === `Bearer ${accessToken({ sub: 'fresh' })}`
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ detail: 'Token expired', code: 'token_invalid' }, { status: 401 });
      }),
      mock.post('/api/auth/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json({ access: accessToken({ sub: 'fresh' }), refresh: 'r2' });
      }),
    );
    startSession(accessToken({ sub: 'stale' }), staffUser);
    await expect(api('/api/things/')).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(seen).toEqual([
      `Bearer ${accessToken({ sub: 'stale' })}`,
      `Bearer ${accessToken({ sub: 'fresh' })}`,
    ]);
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
