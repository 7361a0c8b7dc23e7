import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '@attend/shared';
import { apiPaths, paths, routePatterns } from '../src/config/paths';
import { LAST_SHOWN_USER_KEY } from '../src/features/attendance/lib/last-shown-user';
import { REFRESH_LOCK } from '../src/lib/auth-session';
import { LANGUAGE_STORAGE_KEY } from '../src/lib/i18n';
import { participantUser } from './fixtures';
import { server } from './msw';
import { accessToken, staffUser } from './tokens';

/** A QR image's bytes as the API would send them (the PNG signature is enough for the reader). */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;

// index.html's inline script starts a signed-in visit's requests before the app's code has arrived;
// the app takes their answers instead of asking again (src/lib/early-answers.ts). The script is
// run here as the browser runs it, from the file the build serves.

const html = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '');

/** Runs index.html's inline script at this address, as a page load would. */
function openPage(address: string): void {
  history.replaceState(null, '', address);
  for (const code of inlineScripts) new Function(code)();
}

const event = { id: participantUser.event.id, name: 'Test Event' };
const participantToken = accessToken({
  sub: String(participantUser.id),
  is_staff: false,
  is_participant: true,
  participant_id: participantUser.id,
});

type Seen = { refreshes: number; gets: Array<{ url: string; authorization: string; language: string }> };

/** Answers the refresh with `user` and every GET under /api/events/ with `event`; records them. */
function answer(user: typeof participantUser | typeof staffUser, token: string): Seen {
  const seen: Seen = { refreshes: 0, gets: [] };
  server.use(
    mock.post(apiPaths.refresh(), () => {
      seen.refreshes += 1;
      return HttpResponse.json({ access: token, refresh: 'cookie-only', user });
    }),
    mock.get('/api/events/*', ({ request }) => {
      seen.gets.push({
        url: new URL(request.url).pathname,
        authorization: request.headers.get('authorization') ?? '',
        language: request.headers.get('accept-language') ?? '',
      });
      return HttpResponse.json(event);
    }),
  );
  return seen;
}

beforeEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  localStorage.clear();
});

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  delete window.attendEarlyRefresh;
  delete window.attendEarlyAnswer;
  delete window.attendEarlyQr;
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe("index.html's early requests", () => {
  it('the file has the one inline script, naming what the app names', () => {
    expect(inlineScripts).toHaveLength(1);
    const [code] = inlineScripts;
    expect(code).toContain(`${SESSION_HINT_COOKIE}=`);
    expect(code).toContain(`'${apiPaths.refresh()}'`);
    expect(code).toContain(`'${LANGUAGE_STORAGE_KEY}'`);
    expect(code).toContain(`'${REFRESH_LOCK}'`);
    expect(code).toContain(`'${apiPaths.myQrCode()}'`);
    expect(code).toContain(`'${LAST_SHOWN_USER_KEY}'`);
  });

  it('sends nothing when nobody is signed in on this browser', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    const seen = answer(participantUser, participantToken);
    openPage(paths.participant.event(event.id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.attendEarlyRefresh).toBeUndefined();
    expect(window.attendEarlyAnswer).toBeUndefined();
    expect(seen).toEqual({ refreshes: 0, gets: [] });
  });

  it("refreshes once for the app, and asks for the participant's event with the new token", async () => {
    const seen = answer(participantUser, participantToken);
    openPage(paths.participant.event(event.id));
    vi.resetModules();
    const session = await import('../src/lib/auth-session');
    const early = await import('../src/lib/early-answers');

    await session.restoreSession();

    expect(session.getSession().user).toEqual(participantUser);
    await expect(session.getAccessToken()).resolves.toBe(participantToken);
    const taken = await early.takeEarlyAnswer(apiPaths.event(event.id), 'en');
    await expect(taken?.body).resolves.toEqual(event);
    expect(seen.refreshes).toBe(1);
    expect(seen.gets).toEqual([
      { url: apiPaths.event(event.id), authorization: `Bearer ${participantToken}`, language: 'en' },
    ]);
    // Taken once.
    await expect(early.takeEarlyAnswer(apiPaths.event(event.id), 'en')).resolves.toBeUndefined();
    session.expireSession();
  });

  it.each([
    [paths.participant.qrCode(), apiPaths.event(event.id)],
    [paths.participant.eventTag(event.id), apiPaths.event(event.id)],
    [paths.participant.sessions(), apiPaths.eventSessions(event.id)],
  ])('%s: asks for %s', async (address, url) => {
    const seen = answer(participantUser, participantToken);
    openPage(address);
    const { takeEarlyAnswer } = await import('../src/lib/early-answers');
    const taken = await takeEarlyAnswer(url, 'en');
    await expect(taken?.body).resolves.toEqual(event);
    expect(seen.gets.map((get) => get.url)).toEqual([url]);
  });

  it.each([
    ['another event than theirs', participantUser, participantToken, paths.participant.event(event.id + 1)],
    ['a staff member', staffUser, accessToken({ sub: '1' }), paths.participant.event(event.id)],
    ['a page without a main answer', participantUser, participantToken, paths.login()],
  ])('asks for nothing more on %s', async (_case, user, token, address) => {
    const seen = answer(user, token);
    openPage(address);
    await expect(window.attendEarlyRefresh).resolves.toBeInstanceOf(Response);
    await expect(window.attendEarlyAnswer ?? Promise.resolve(null)).resolves.toBeNull();
    expect(seen).toEqual({ refreshes: 1, gets: [] });
  });

  it('asks in the language the app will show, and is not taken in another one', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const seen = answer(participantUser, participantToken);
    openPage(paths.participant.event(event.id));
    const { takeEarlyAnswer } = await import('../src/lib/early-answers');
    await expect(takeEarlyAnswer(apiPaths.event(event.id), 'sw')).resolves.toBeUndefined();
    expect(seen.gets.map((get) => get.language)).toEqual(['fr']);
  });

  it('leaves a refused refresh to the app: no answer is asked for, and the session ends', async () => {
    server.use(
      mock.post(apiPaths.refresh(), () =>
        HttpResponse.json(
          { detail: 'Token is invalid or expired', code: 'token_not_valid' },
          { status: 401 },
        ),
      ),
    );
    openPage(paths.participant.event(event.id));
    vi.resetModules();
    const session = await import('../src/lib/auth-session');
    await session.restoreSession();
    await expect(window.attendEarlyAnswer).resolves.toBeNull();
    expect(session.getSession().status).toBe('anonymous');
  });

  describe("a confirmed participant's QR code", () => {
    const qrUrl = '/api/participants/qr/7.png?exp=1&sig=abc';
    const confirmed = { ...participantUser, confirmed_attendance: true, qr_code_url: qrUrl };

    /** Records the images index.html's script asks for, and the API's QR answers. */
    function watch() {
      const images: string[] = [];
      const RealImage = window.Image;
      vi.stubGlobal(
        'Image',
        class extends RealImage {
          override set src(value: string) {
            images.push(value);
          }
        },
      );
      const qrCalls: string[] = [];
      server.use(
        mock.get(apiPaths.myQrCode(), ({ request }) => {
          qrCalls.push(request.headers.get('authorization') ?? '');
          return HttpResponse.json({ success: true, qr_code_url: qrUrl });
        }),
        mock.get('/api/participants/qr/7.png', () =>
          HttpResponse.arrayBuffer(PNG_BYTES.buffer, { headers: { 'Content-Type': 'image/png' } }),
        ),
      );
      return { images, qrCalls };
    }

    /** What the app does on a participant's page before drawing it: the session, the page's loader. */
    async function appOpens(page: 'event' | 'tag', address: string) {
      vi.resetModules();
      const session = await import('../src/lib/auth-session');
      await session.restoreSession();
      const { fetchAheadFor } = await import('../src/app/fetch-ahead');
      const loader = fetchAheadFor(page);
      await loader({
        params: { eventId: String(event.id) },
        request: new Request(`http://localhost${address}`),
        url: new URL(`http://localhost${address}`),
        pattern: page === 'tag' ? routePatterns.participantEventTag : routePatterns.participantEvent,
        context: undefined,
      });
      const { queryClient } = await import('../src/app/provider');
      const { myQrCodeQueryOptions } = await import('../src/features/attendance/api/get-my-qr-code');
      const { imageDataQueryOptions } = await import('../src/features/tags/lib/image-data-query');
      const shown = queryClient.getQueryData(myQrCodeQueryOptions(confirmed.id).queryKey);
      const data = (src: string) => queryClient.getQueryData(imageDataQueryOptions(src).queryKey);
      return { session, shown, data };
    }

    it.each([
      ['event page', 'event' as const, paths.participant.event(event.id)],
      ['tag page', 'tag' as const, paths.participant.eventTag(event.id)],
    ])(
      'asks the API for a fresh one once and starts its image, which the %s then shows in its first drawing',
      async (_name, page, address) => {
        answer(confirmed, participantToken);
        const { images, qrCalls } = watch();
        openPage(address);
        // Before any of the app's code has run.
        await vi.waitFor(() => expect(images).toHaveLength(1));
        expect(qrCalls).toHaveLength(1);
        const { session, shown, data } = await appOpens(page, address);
        expect(qrCalls).toEqual([`Bearer ${participantToken}`]);
        expect(images).toHaveLength(1);
        expect(images[0]).toMatch(/^\/api\/participants\/qr\/7\.png\?exp=1&sig=abc&t=\d+$/);
        // The page's query has the very address whose download has started, before the page is drawn.
        expect(shown).toBe(images[0]);
        // The tag page shows (and keeps) the image's data: read before its drawing too.
        expect(data(images[0] ?? '')).toBe(page === 'tag' ? PNG_DATA_URL : undefined);
        session.expireSession();
      },
    );

    it('starts the image at the address kept with the user when this device showed them last', async () => {
      localStorage.setItem(LAST_SHOWN_USER_KEY, String(confirmed.id));
      answer(confirmed, participantToken);
      const { images, qrCalls } = watch();
      openPage(paths.participant.eventTag(event.id));
      await window.attendEarlyQr;
      expect(images).toHaveLength(1);
      const { session, data } = await appOpens('tag', paths.participant.eventTag(event.id));
      expect(data(images[0] ?? '')).toBe(PNG_DATA_URL);
      const { qrStamp, withTimestamp } = await import('../src/features/attendance/lib/qr-image');
      expect(qrCalls).toEqual([]);
      expect(images).toEqual([withTimestamp(qrUrl, qrStamp(qrUrl))]);
      session.expireSession();
    });

    it.each([
      ['a participant who has not confirmed', participantUser, paths.participant.event(event.id)],
      ['the sessions page', confirmed, paths.participant.sessions()],
    ])('asks for nothing on %s', async (_case, user, address) => {
      answer(user, participantToken);
      const { images, qrCalls } = watch();
      openPage(address);
      await expect(window.attendEarlyAnswer).resolves.not.toBeNull();
      await expect(window.attendEarlyQr ?? Promise.resolve(null)).resolves.toBeNull();
      expect(images).toEqual([]);
      expect(qrCalls).toEqual([]);
    });
  });
});
