import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, fillParticipantForm, test } from './fixtures';
import {
  confirmAttendance,
  createEvent,
  createParticipants,
  expectToast,
  uniqueSuffix,
} from './fixtures/participants';

// The machine's own fonts have no Hangul and no Hebrew: whatever the tag shows of the name
// below, it shows with the app's web fonts or as empty boxes.
const NAME = '김민준';
const ORGANIZATION = 'אוניברסיטת חיפה';

async function readPng(download: Download): Promise<PNG> {
  return PNG.sync.read(await readFile(await download.path()));
}

/** How many pixels of the two images' top half (the name and organisation) differ. */
function differing(a: PNG, b: PNG): number {
  let n = 0;
  for (let i = 0; i < (a.width * a.height * 4) / 2; i += 4) {
    if (Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) > 60) n++;
  }
  return n;
}

async function downloadTag(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Event Tag' }).click(),
  ]);
  await expectToast(page, 'Event tag download started');
  return download;
}

test('a Korean name and a Hebrew organisation are drawn with their fonts on the tag page and in its PNG, fetching only what they need', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, `Scripts ${uniqueSuffix()}`);
  const [me] = await createParticipants(request, event.id, [
    { full_name: NAME, email: `minjun.${uniqueSuffix()}@example.org`, organization: ORGANIZATION },
  ]);
  await confirmAttendance(request, event.id, [me]);

  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.woff2')) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, me?.unique_code ?? '');
  await expect(page).toHaveURL(/\/event\/\d+$/);
  await page.goto(`/event/${event.id}/tag`);
  const tag = page.getByTestId('event-tag');
  await expect(tag.getByTestId('tag-qr-image')).toBeVisible();
  await expect(tag.locator('[data-role="name"]')).toHaveText(NAME);

  // The name is bold, the organisation regular: each family in the weight it is drawn in (their
  // letters: the space is Noto Sans').
  await expect
    .poll(() =>
      page.evaluate(
        ([name, organization]) =>
          document.fonts.check("700 32px 'Noto Sans KR'", name ?? '') &&
          document.fonts.check("400 14px 'Noto Sans Hebrew'", organization ?? ''),
        [NAME, ORGANIZATION.replace(/ /g, '')],
      ),
    )
    .toBe(true);
  const faces = await page.evaluate(() => {
    const loaded: string[] = [];
    document.fonts.forEach((f) => {
      if (f.status === 'loaded') loaded.push(`${f.family.replace(/["']/g, '')} ${f.weight}`);
    });
    return loaded;
  });
  expect(faces).toContain('Noto Sans KR 700');
  expect(faces).toContain('Noto Sans Hebrew 400');
  expect(faces).not.toContain('Noto Sans KR 400');
  // Only the slices of these letters: no other script's font, and a few of Noto Sans KR's 124.
  expect(fonts.filter((f) => /noto-sans-(sc|arabic|thai|bengali)-|noto-emoji-/.test(f))).toEqual([]);
  const korean = fonts.filter((f) => f.includes('noto-sans-kr-'));
  expect(korean.length).toBeGreaterThan(0);
  expect(korean.length).toBeLessThan(8);

  // The PNG inlines only those slices (html-to-image alone would inline every one loaded).
  fonts.length = 0;
  const withFonts = await readPng(await downloadTag(page));
  expect(fonts.some((f) => f.includes('noto-sans-kr-'))).toBe(true);
  expect(fonts.some((f) => f.includes('noto-sans-hebrew-'))).toBe(true);
  expect(fonts.length, fonts.join('\n')).toBeLessThan(8);

  // Without its fonts (none can be fetched), the same tag's PNG draws the name differently:
  // the first one was drawn with them.
  await page.route('**/*.woff2', (route) => route.abort());
  const without = await readPng(await downloadTag(page));
  expect([without.width, without.height]).toEqual([withFonts.width, withFonts.height]);
  expect(differing(withFonts, without)).toBeGreaterThan(500);
});

test("the tag page draws the tag before it asks for the tag's fonts: they never share the network with the page's own code", async ({
  page,
  request,
}) => {
  const event = await createEvent(request, `Fonts later ${uniqueSuffix()}`);
  const [me] = await createParticipants(request, event.id, [
    { full_name: 'Amina Njeri', email: `amina.${uniqueSuffix()}@example.org`, organization: 'KEMRI' },
  ]);
  await confirmAttendance(request, event.id, [me]);
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, me?.unique_code ?? '');
  await expect(page).toHaveURL(/\/event\/\d+$/);
  // Opened as a page of its own: its first drawing (src/main.tsx) is the tag page's, tag included.
  await page.goto(`/event/${event.id}/tag`);
  await expect(page.getByTestId('event-tag').getByTestId('tag-qr-image')).toBeVisible();
  const fontStarts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.woff2'))
        .map((r) => r.startTime),
    );
  // The name's Noto Sans, bold and regular, asked for once the tag has been drawn.
  await expect.poll(async () => (await fontStarts()).length).toBeGreaterThanOrEqual(2);
  const drawn = await page.evaluate(() => {
    const measure = performance.getEntriesByName('attend:first-drawing')[0];
    return measure ? measure.startTime + measure.duration : null;
  });
  expect(drawn).not.toBeNull();
  for (const start of await fontStarts()) expect(start).toBeGreaterThan(drawn ?? Infinity);
  // And the tag's text is drawn in them.
  await expect
    .poll(() => page.getByTestId('event-tag').evaluate((tag) => getComputedStyle(tag).fontFamily))
    .toMatch(/^"?'?Noto Sans/);
});

test('the service worker precaches Noto Sans but none of the fonts of other scripts, and keeps those a tag used', async ({
  request,
}) => {
  const sw = await (await request.get('/sw.js')).text();
  const precache = /precacheAndRoute\((\[.*?\])/s.exec(sw)?.[1] ?? '';
  expect(precache).toMatch(/noto-sans-latin-400-normal-[\w-]+\.woff2/);
  expect(precache).not.toMatch(/noto-sans-(kr|sc|arabic|hebrew|thai|ethiopic)-[\w-]*\.woff2/);
  expect(precache).not.toMatch(/noto-emoji-|tag-font-/);
  // The runtime cache a tag's fonts are kept in, for the next time offline.
  expect(sw).toContain('(?:tag-font-|noto-(?:emoji|sans-(?:arabic|');
  expect(sw).toMatch(/CacheFirst\(\{cacheName:"tag-fonts"/);
});
