import { http as mock, HttpResponse, delay } from 'msw';
import { createMemoryRouter, type LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, participantUser } from './fixtures';
import { server } from './msw';
import { eventDetail } from './notifications-fixtures';
import { accessToken } from './tokens';

// The first screen is drawn once its page is ready (main.tsx): the router has the page's code
// (whenRouterReady) and, for the first participant page of a visit, its main answer is in the query
// cache (fetchAheadFor), so the page is drawn with its content instead of a loading state first.

const EVENT = participantUser.event.id;
const EVENT_URL = `/api/events/${EVENT}/`;

/** Fresh modules: which page came first is kept per page load. */
async function firstPageModules() {
  vi.resetModules();
  const session = await import('../src/lib/auth-session');
  const { fetchAheadFor } = await import('../src/app/fetch-ahead');
  const { queryClient } = await import('../src/app/provider');
  const { attendeeEventQueryOptions } = await import('../src/features/attendance/api/get-attendee-event');
  session.startSession(accessToken({ user_id: participantUser.id }), participantUser);
  const eventData = () => queryClient.getQueryData(attendeeEventQueryOptions(EVENT).queryKey);
  return { fetchAheadFor, queryClient, eventData, session };
}

const loaderArgs = (eventId: number): LoaderFunctionArgs => ({
  params: { eventId: String(eventId) },
  request: new Request(`http://localhost/event/${eventId}`),
  url: new URL(`http://localhost/event/${eventId}`),
  pattern: '/event/:eventId',
  context: {},
});

let asked = 0;
beforeEach(() => {
  asked = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the first page of a visit', () => {
  it('is ready once the router has its code', async () => {
    const { whenRouterReady } = await import('../src/app/router');
    const code = deferred<{ Component: () => null }>();
    const router = createMemoryRouter([{ path: '/', lazy: () => code.promise }]);
    let ready = false;
    void whenRouterReady(router).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    code.resolve({ Component: () => null });
    await vi.waitFor(() => expect(ready).toBe(true));
    router.dispose();
  });

  it('has its main answer in the query cache when its loader settles, asked for once', async () => {
    server.use(
      mock.get(EVENT_URL, () => {
        asked += 1;
        return HttpResponse.json(eventDetail({ id: EVENT, name: 'Workshop' }));
      }),
    );
    const { fetchAheadFor, eventData, queryClient } = await firstPageModules();
    await fetchAheadFor('event')(loaderArgs(EVENT));
    expect(eventData()).toMatchObject({ id: EVENT, name: 'Workshop' });
    expect(asked).toBe(1);
    // The page's own query takes it from the cache: no second request.
    await queryClient.ensureQueryData({
      queryKey: ['events', EVENT, 'attendee'],
      queryFn: () => Promise.reject(new Error('asked again')),
    });
    expect(asked).toBe(1);

    // A later page's loader returns at once and asks for nothing.
    await fetchAheadFor('event')(loaderArgs(EVENT));
    expect(asked).toBe(1);
  });

  it('does not hold the page back on a failure, nor retry it (the page asks again itself)', async () => {
    server.use(
      mock.get(EVENT_URL, () => {
        asked += 1;
        return HttpResponse.json({ detail: 'down' }, { status: 503 });
      }),
    );
    const { fetchAheadFor, eventData } = await firstPageModules();
    const started = Date.now();
    await fetchAheadFor('event')(loaderArgs(EVENT));
    expect(Date.now() - started).toBeLessThan(900);
    expect(asked).toBe(1);
    expect(eventData()).toBeUndefined();
  });

  it('waits at most 3 s for a slow answer', async () => {
    server.use(
      mock.get(EVENT_URL, async () => {
        asked += 1;
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { fetchAheadFor, eventData } = await firstPageModules();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let settled = false;
    void Promise.resolve(fetchAheadFor('event')(loaderArgs(EVENT))).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
    expect(eventData()).toBeUndefined();
  });

  it('asks for nothing about an event that is not the participant’s own', async () => {
    server.use(
      mock.get('/api/events/:id/', () => {
        asked += 1;
        return HttpResponse.json(eventDetail());
      }),
    );
    const { fetchAheadFor } = await firstPageModules();
    await fetchAheadFor('event')(loaderArgs(EVENT + 1));
    expect(asked).toBe(0);
  });
});
