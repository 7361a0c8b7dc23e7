import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, fillParticipantForm, test } from './fixtures';
import {
  confirmAttendance,
  createEvent,
  createParticipants,
  imageLoaded,
  uniqueSuffix,
} from './fixtures/participants';

const DIST = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** Waits for the service worker to be active (its precache complete), then reloads under its control. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** URLs of everything the service worker's caches hold. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
}

test.describe('installable app and offline participant pages', () => {
  // Each new browser context installs the service worker, precaching the whole app (about 2 MB, 150
  // files): 10 to 25 s on a two-core machine.
  test.slow();
  // Whatever the other journeys do, these need the service worker.
  test.use({ serviceWorkers: 'allow' });

  test('the manifest is linked and valid, its icons are real PNGs, the service worker precaches every built file and a new one takes over', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1971c2');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/manifest+json');
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Attend',
      short_name: 'Attend',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1971c2',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const png = PNG.sync.read(await image.body());
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
    }

    // The worker and its Workbox runtime are revalidated on every load, so a deploy reaches everyone.
    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const script = await sw.text();
    // A new version takes over at once instead of waiting for every tab to close.
    expect(script).toContain('self.skipWaiting()');
    expect(script).toContain('clientsClaim()');
    const workbox = script.match(/\.\/(workbox-\w+)/)?.[1];
    expect(workbox).toBeTruthy();
    const runtime = await request.get(`/${workbox}.js`);
    expect(runtime.status()).toBe(200);
    expect(runtime.headers()['cache-control']).toBe('no-cache');

    // Every built script, style sheet and font is precached (the staff pages' lazy chunks included),
    // but the fonts of other scripts a tag loads only for a name written in them (e2e/tag-fonts.spec.ts),
    // and no API answer is.
    await underServiceWorker(page);
    const cached = await cachedUrls(page);
    const tagFont =
      /^(?:tag-font-|noto-(?:emoji|sans-(?:arabic|hebrew|bengali|tamil|thai|georgian|armenian|ethiopic|kr|sc))-)/;
    const built = readdirSync(path.join(DIST, 'assets'))
      .filter((f) => /\.(js|css|woff2)$/.test(f) && !tagFont.test(f))
      .map((f) => `/assets/${f}`);
    expect(built.length).toBeGreaterThan(20);
    expect(built.filter((url) => !cached.includes(url))).toEqual([]);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

    // Another worker script (as a deploy brings) takes over the open page by itself and reloads it:
    // no tab is kept on the old version waiting for every tab to close.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => void navigator.serviceWorker.register('/sw.js?next-deploy'));
    await reloaded;
    await expect
      .poll(() =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
              reloaded: !('beforeUpdate' in window),
              waiting: !!registration?.waiting || !!registration?.installing,
              controlled: !!navigator.serviceWorker.controller,
            };
          })
          .catch(() => null),
      )
      .toEqual({ reloaded: true, waiting: false, controlled: true });
  });

  test('a participant’s event, QR code and tag pages open offline after one visit, saying so', async ({
    page,
    context,
    request,
  }) => {
    const event = await createEvent(request, `Offline Day ${uniqueSuffix()}`);
    const [me] = await createParticipants(request, event.id, [
      { full_name: 'Claudine Mukeshimana', email: `claudine.${uniqueSuffix()}@example.org` },
    ]);
    if (!me) throw new Error('no participant');
    await confirmAttendance(request, event.id, [me]);

    await page.goto('/login');
    await fillParticipantForm(page, event.event_code, me.unique_code);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await underServiceWorker(page);

    // One online visit of each page keeps its copy.
    await expect(page.getByTestId('event-name')).toHaveText(event.name);
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await page.goto('/qr-code');
    await expect(page.getByTestId('qr-event-name')).toHaveText(event.name);
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await page.goto(`/event/${event.id}/tag`);
    await expect(page.getByTestId('tag-title')).toHaveText(event.name);
    await expect.poll(() => imageLoaded(page, '[data-testid=tag-qr-image]')).toBe(true);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
    const kept = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('attend.offline.'))
          .sort(),
      );
    // The tag page keeps the QR code's data once it has read it (it shows the image meanwhile).
    await expect.poll(kept).toEqual([`attend.offline.${me.id}.event`, `attend.offline.${me.id}.qr`]);

    await context.setOffline(true);
    const notice =
      /^You are offline\. This is the copy kept on this device from \w{3} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/;

    await page.reload();
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await expect(page.getByTestId('offline-badge')).toHaveText('Offline');
    await expect(page.getByTestId('tag-title')).toHaveText(event.name);
    // The unique code is half a login: the device does not keep it (guide §6), so offline it is not shown.
    await expect(page.getByTestId('tag-participant-code')).toHaveText('Unique Code: N/A');
    await expect(page.getByText(`Welcome, ${me.full_name}!`)).toBeVisible();
    await expect(page.getByTestId('tag-qr-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect.poll(() => imageLoaded(page, '[data-testid=tag-qr-image]')).toBe(true);

    await page.goto('/qr-code');
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await expect(page.getByTestId('qr-event-name')).toHaveText(event.name);
    await expect(page.getByTestId('qr-event-location')).toHaveText('Huye Campus, Hall B');
    await expect(page.getByRole('img', { name: `QR code of ${me.full_name}` })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await expect(page.locator('main [role=alert]')).toHaveCount(0);

    await page.goto(`/event/${event.id}`);
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${me.full_name}!` })).toBeVisible();
    await expect(page.getByTestId('event-name')).toHaveText(event.name);
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Confirmed');
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await expect(page.getByTestId('current-user')).toHaveText(me.full_name);

    // A page never opened online (its code is in the precache), and the API is never answered from it.
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { name: 'Staff Portal' })).toBeVisible();
    const answered = await page.evaluate(async (eventId) => {
      const tries = ['/api/accounts/me/', `/api/events/${eventId}/`, '/api/health/'];
      return Promise.all(
        tries.map((url) =>
          fetch(url).then(
            (r) => `${url} ${r.status}`,
            () => null,
          ),
        ),
      );
    }, event.id);
    expect(answered).toEqual([null, null, null]);
    // Nor is a navigation to the API answered with the app (in a tab of its own: it ends on an error page).
    const probe = await context.newPage();
    await expect(probe.goto('/api/health/')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await probe.close();

    // Back online: the page turns live by itself (the session resumes), and stays so after a reload.
    await page.goto(`/event/${event.id}`);
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('event-name')).toHaveText(event.name);
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);

    // Signing out forgets the copies.
    expect(await kept()).toHaveLength(2);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(kept).toEqual([]);
  });
});
