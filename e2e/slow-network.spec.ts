import type { CDPSession, Page } from '@playwright/test';
import { expect, fillParticipantForm, test } from './fixtures';
import { createEvent, createParticipants, staffSignIn, uniqueSuffix } from './fixtures/participants';

/**
 * Feedback on a poor venue network and on a phone: the first load draws the app's frame at once,
 * a route change answers with the progress bar before anything arrives, pages hold skeletons until
 * their data is there, and on a phone nothing widens the page.
 */

/** The venue network of the issue: 400 kbit/s each way, 400 ms latency (Chrome DevTools Protocol). */
const SLOW_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
} as const;

/**
 * The frame (header bar with the brand) is on screen within this after the navigation starts (0.6 s
 * measured on a quiet machine, 17.9 s before the static frame); the test's real check is that it is
 * painted before the entry script has arrived, which holds however busy the machine is.
 */
const FRAME_BUDGET_MS = 5000;
/**
 * The progress bar answers a click within this: no delay before showing it. Measured 11-19 ms on a
 * quiet machine, and up to 165 ms while two browsers, the server and PostgreSQL share 2 cores; a bar
 * held back by design (the usual 200-300 ms delay before showing) still fails.
 */
const PROGRESS_BUDGET_MS = 200;

const PHONE = { width: 390, height: 844 } as const;

/** Throttles this page's network from now on, through a CDP session of its own. */
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  return cdp;
}

/** Logs a measured figure and keeps it in the report's annotations. */
function report(what: string, ms: number): void {
  const figure = `${Math.round(ms)} ms`;
  console.log(`[slow-network] ${what}: ${figure}`);
  test.info().annotations.push({ type: what, description: figure });
}

/** The page does not scroll sideways: nothing on it is wider than the window. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('on a slow network (400 kbit/s, 400 ms latency)', () => {
  // Every byte of the app crosses a 50 kB/s link: allow minutes, not seconds.
  // One retry: once in a CI run, Chromium's throttled network left every script of the first load
  // pending for the whole three minutes (none of 30 requests finished, on a busy machine), which a
  // second page load does not repeat; a real failure fails twice.
  test.describe.configure({ timeout: 240_000, retries: 1 });

  test('the first load shows the app frame before the scripts arrive', async ({ page }) => {
    await throttle(page);
    const started = Date.now();
    await page.goto('/', { waitUntil: 'commit', timeout: 120_000 });
    // The static frame of index.html, then the landing page's own header: either is the frame.
    await page.locator('header').first().waitFor({ state: 'visible', timeout: 30_000 });
    const frameMs = Date.now() - started;
    const hero = page.getByRole('heading', { level: 1, name: 'Events made easy. Attendees made happy.' });
    await hero.waitFor({ state: 'visible', timeout: 90_000 });
    const heroMs = Date.now() - started;
    // What the browser itself painted first, from the start of the navigation.
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    // When the entry script (index-….js, the app's code) had finished arriving, on the same clock.
    const entryScriptEndMs = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return entries.find((e) => /\/assets\/index-[^/]*\.js$/.test(e.name))?.responseEnd ?? null;
    });

    report('first load: frame visible', frameMs);
    if (firstPaintMs !== null) report('first load: first contentful paint', firstPaintMs);
    report('first load: landing hero visible', heroMs);

    expect(firstPaintMs).not.toBeNull();
    expect(entryScriptEndMs).not.toBeNull();
    expect(firstPaintMs ?? Infinity).toBeLessThan(entryScriptEndMs ?? 0);
    expect(firstPaintMs ?? Infinity).toBeLessThan(FRAME_BUDGET_MS);
    expect(frameMs).toBeLessThan(FRAME_BUDGET_MS);
    // The frame came first: the hero needs the scripts.
    expect(firstPaintMs ?? Infinity).toBeLessThan(heroMs);
  });
});

/** How long each request waits before it is sent, in the route-change journey. */
const HELD_MS = 1500;

/**
 * Holds every request of this page for HELD_MS before it goes out: the latency of a poor venue
 * network, request by request. Chromium's own throttling (above) stalled this journey now and then
 * on a busy machine: the lazy page's script never arrived within two minutes, though nothing in the
 * page was waiting on anything else; held requests always arrive.
 */
async function holdEveryRequest(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  });
}

test.describe(`on a slow network (each request held ${HELD_MS / 1000} s)`, () => {
  // One retry, as for the first load: on a 2-core machine running two browsers, the page's thread
  // was once starved for 155 ms around the click. A bar drawn late by design misses on both tries.
  test.describe.configure({ retries: 1 });

  test('a route change shows the progress bar at once, then a skeleton until the data is there', async ({
    page,
  }) => {
    await staffSignIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The dashboard's own first loads are over: the bar timed below is the click's.
    await expect(page.getByTestId('route-progress')).toHaveCount(0, { timeout: 30_000 });
    await holdEveryRequest(page);

    // Timed inside the page: the click, and the moment the bar enters the document.
    await page.evaluate(() => {
      const marks = window as unknown as { clickAt?: number; barAt?: number };
      document.addEventListener('click', () => (marks.clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (
          marks.clickAt !== undefined &&
          marks.barAt === undefined &&
          document.querySelector('[data-testid="route-progress"]')
        ) {
          marks.barAt = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });

    // Staff Access: neither its code nor its data has been loaded in this tab yet.
    await page.getByRole('banner').getByRole('link', { name: 'Staff Access', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
    const { clickAt, barAt } = await page.evaluate(() => {
      const marks = window as unknown as { clickAt?: number; barAt?: number };
      return { clickAt: marks.clickAt, barAt: marks.barAt };
    });
    expect(clickAt).toBeDefined();
    expect(barAt).toBeDefined();
    const delay = (barAt ?? Infinity) - (clickAt ?? 0);
    report('route change: click to progress bar', delay);
    expect(delay).toBeLessThan(PROGRESS_BUDGET_MS);

    // The page arrives and holds skeleton rows while its list loads, then shows the list.
    await page.getByTestId('section-skeleton').waitFor({ state: 'visible', timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Access' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('section-skeleton')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('staff tables scroll inside their card, the header keeps one row, the event menu scrolls', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Phone Layout Workshop ${uniqueSuffix()}`);
    await createParticipants(request, event.id, [
      {
        full_name: 'Marie-Claire Uwimana-Nyirahabimana',
        email: 'marie-claire.uwimana-nyirahabimana@example.org',
        organization: 'Rwanda Biomedical Centre',
      },
    ]);
    await staffSignIn(page);

    const header = page.getByRole('banner');
    // The sessions page last: the event navigation is looked at there next.
    for (const path of [
      '/dashboard/events',
      '/dashboard/staff',
      `/dashboard/events/${event.id}/participants`,
      `/dashboard/events/${event.id}/sessions`,
    ]) {
      await page.goto(path);
      const table = page.getByRole('table').first();
      await expect(table).toBeVisible();
      await expect(page.getByTestId('section-skeleton')).toHaveCount(0);
      // The table is wider than the phone, and yet the page is not: it scrolls inside its card.
      expect(await table.evaluate((t) => t.scrollWidth), path).toBeGreaterThan(PHONE.width);
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
      // One row: the brand and the menu button side by side, nothing wrapped under them.
      const box = await header.boundingBox();
      expect(box?.height ?? Infinity, path).toBeLessThanOrEqual(72);
      await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Attend' })).toBeVisible();
    }

    // The event's areas: one row that scrolls sideways within itself.
    const eventNav = page.getByRole('navigation', { name: 'Event' });
    await expect(eventNav.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
    const navBox = await eventNav.boundingBox();
    expect(navBox?.height ?? Infinity).toBeLessThanOrEqual(72);
    expect(await eventNav.evaluate((nav) => nav.getBoundingClientRect().right)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await eventNav.getByRole('link', { name: 'Messages' }).scrollIntoViewIfNeeded();
    await eventNav.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/messages$`));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The staff menu holds the header's links.
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Dashboard', 'Events', 'Check-In Station', 'Staff Access', 'Mailbox']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test("the participant's menu reaches their event, sessions, QR code and tag", async ({ page, request }) => {
    const event = await createEvent(request, `Phone Menu Workshop ${uniqueSuffix()}`);
    const [person] = await createParticipants(request, event.id, [
      { full_name: 'Eric Nshimiyimana', email: `eric.${uniqueSuffix()}@example.org` },
    ]);
    if (!person) throw new Error('participant expected');
    await page.goto('/login');
    await fillParticipantForm(page, event.event_code, person.unique_code);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    const targets: [string, string][] = [
      ['Home', `/event/${event.id}`],
      ['Sessions', '/sessions'],
      ['My QR code', '/qr-code'],
      ['My tag', `/event/${event.id}/tag`],
    ];
    for (const [name, path] of targets) {
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(menu).toBeHidden();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
