import type { Page } from '@playwright/test';
import { AMINA, EVENT_CODE, STAFF, expect, fillParticipantForm, fillStaffForm, test } from './fixtures';

/**
 * No dead ends: every link a signed-in staff member or participant can see leads somewhere. The
 * crawl starts at the home screen after sign-in, follows every same-origin link it finds, and fails
 * on a page that shows 'Page Not Found', on a document or API request answered 404, and on a link
 * to a file that does not exist. Paths that differ only in their ids are visited a few times, not
 * once per participant.
 */

const PER_PATTERN = 2;
const MAX_PAGES = 60;

type DeadEnd = { link: string; from: string; why: string };

function pattern(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** Same-origin paths of every link on the page, with the page each was found on. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  const paths: string[] = [];
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    paths.push(url.pathname + url.search);
  }
  return paths;
}

/**
 * Waits until the page has drawn its content: the app drawn (index.html's frame, which has a
 * <main> too, gone), the session restored and no loader or skeleton left. (Not 'networkidle': the
 * check-in pages keep a live stream open.)
 */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      document.getElementById('boot') === null &&
      document.querySelector('main') !== null &&
      document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root') === null,
    undefined,
    { timeout: 20_000 },
  );
}

async function crawl(
  page: Page,
  start: string,
  skip: RegExp,
): Promise<{ visited: string[]; dead: DeadEnd[] }> {
  const dead: DeadEnd[] = [];
  const visited: string[] = [];
  const seenPatterns = new Map<string, number>();
  const queued = new Set<string>([start]);
  const queue: { path: string; from: string }[] = [{ path: start, from: '(start)' }];

  let current = start;
  page.on('response', (res) => {
    if (res.status() !== 404) return;
    const url = new URL(res.url());
    // A missing logo is how the API says there is none; the page shows the default mark instead.
    if (/\/logo\/?$/.test(url.pathname)) return;
    dead.push({ link: current, from: url.pathname, why: `${res.request().method()} answered 404` });
  });

  while (queue.length > 0 && visited.length < MAX_PAGES) {
    const next = queue.shift();
    if (!next) break;
    const key = pattern(next.path.split('?')[0] ?? next.path);
    const times = seenPatterns.get(key) ?? 0;
    if (times >= PER_PATTERN) continue;
    seenPatterns.set(key, times + 1);
    current = next.path;

    const res = await page.goto(next.path);
    visited.push(next.path);
    if (!res || res.status() === 404) {
      dead.push({ link: next.path, from: next.from, why: `document answered ${res?.status() ?? 'nothing'}` });
      continue;
    }
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    await settled(page);
    if (await page.getByRole('heading', { name: 'Page Not Found' }).isVisible()) {
      dead.push({ link: next.path, from: next.from, why: 'shows Page Not Found' });
      continue;
    }
    for (const link of await linksOn(page)) {
      if (skip.test(link) || queued.has(link)) continue;
      queued.add(link);
      queue.push({ path: link, from: next.path });
    }
  }
  return { visited, dead };
}

// Sign-out links end the crawl's own session; the crawl checks them elsewhere (auth journeys).
const SKIP = /logout|sign-out|auto-login/i;

test.describe('no dead ends', () => {
  test.setTimeout(180_000);

  test('every link a signed-in staff member can see leads to a page', async ({ page }) => {
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const { visited, dead } = await crawl(page, '/dashboard', SKIP);
    console.log(`staff crawl: ${visited.length} pages`);
    expect(dead).toEqual([]);
    // The crawl really went through the event's pages, not only the dashboard.
    expect(visited.some((p) => /\/dashboard\/events\/\d+\/participants/.test(p))).toBe(true);
    expect(visited.some((p) => /\/dashboard\/events\/\d+\/sessions/.test(p))).toBe(true);
    expect(visited.length).toBeGreaterThan(10);
  });

  test('every link a signed-in participant can see leads to a page', async ({ page }) => {
    await page.goto('/login');
    await fillParticipantForm(page, EVENT_CODE, AMINA.code);
    await expect(page).toHaveURL(/\/event\/\d+$/);
    const start = new URL(page.url()).pathname;
    const { visited, dead } = await crawl(page, start, SKIP);
    console.log(`participant crawl: ${visited.length} pages`);
    expect(dead).toEqual([]);
    expect(visited).toEqual(expect.arrayContaining(['/sessions', '/qr-code']));
  });
});
