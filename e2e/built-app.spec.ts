import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_CODE, expect, fillParticipantForm, JEAN, test } from './fixtures';

const ASSETS = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'assets');

/** V8's explicit compile hint (apps/web/vite.config.ts, compileHints): the whole file, compiled as it streams in. */
const HINT = '//# allFunctionsCalledOnLoad\n';

test('the built app asks for its scripts to be compiled as they stream in, without the development warnings of React Router', async ({
  request,
}) => {
  // Every script of the app's pages; the proof-of-work worker is built on its own and runs off the page.
  const scripts = readdirSync(ASSETS).filter((file) => file.endsWith('.js') && !file.includes('.worker'));
  expect(scripts.length).toBeGreaterThan(20);
  const withoutHint = scripts.filter(
    (file) => !readFileSync(path.join(ASSETS, file), 'utf8').startsWith(HINT),
  );
  expect(withoutHint).toEqual([]);

  // React Router's production build: a warning of its development build is in no script.
  const withWarnings = scripts.filter((file) =>
    readFileSync(path.join(ASSETS, file), 'utf8').includes('You rendered descendant <Routes>'),
  );
  expect(withWarnings).toEqual([]);

  // As served (compressed, then read by the browser), the first screen's script starts with the hint.
  const html = await (await request.get('/')).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/index-.*\.js$/);
  const served = await request.get(entry ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(served.ok()).toBe(true);
  expect((await served.text()).startsWith(HINT)).toBe(true);
});

test("a participant's page downloads neither the sign-in forms, the phone menu's drawer nor zod's JSON Schema writer before it draws", async ({
  request,
}) => {
  // Every script the page's HTML names (its entry and the modules preloaded with it).
  const html = await (await request.get('/event/1')).text();
  const named = [
    ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g),
  ].map(([, href = '']) => href);
  expect(named.length).toBeGreaterThan(3);
  const code = named.map((href) => readFileSync(path.join(ASSETS, path.basename(href)), 'utf8'));
  // Mantine names its components in the build: the drawer and the sign-in form's password field.
  for (const component of ['Drawer', 'ScrollArea', 'PasswordInput', 'Tabs'])
    expect(code.filter((text) => text.includes(`@mantine/core/${component}\``))).toEqual([]);
  // The participant's page itself is there.
  expect(code.some((text) => text.includes('@mantine/core/Burger`'))).toBe(true);
  // zod is (the page checks its answers with it), without its JSON Schema writer (vite.config.ts).
  expect(code.some((text) => text.includes('safeParse'))).toBe(true);
  expect(code.filter((text) => text.includes('json-schema.org'))).toEqual([]);
});

test('the web app manifest is linked once the first screen has been drawn, not by the HTML', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('rel="manifest"');
  await page.goto('/', { waitUntil: 'load' });
  // The app adds it once the page has loaded and settled (src/lib/after-first-screen.ts).
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test("a signed-in participant's page asks for the session and its event from index.html, before the app's code has run, and once", async ({
  page,
}) => {
  await page.goto('/login');
  await fillParticipantForm(page, EVENT_CODE, JEAN.code);
  await expect(page).toHaveURL(/\/event\/\d+$/);
  const eventId = /\/event\/(\d+)$/.exec(page.url())?.[1];

  // Who sent each API call: the script's file, as Chromium records it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Array<{ call: string; from: string }> = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) return;
    const frame = initiator.stack?.callFrames[0] ?? initiator.stack?.parent?.callFrames[0];
    sent.push({ call: `${request.method} ${url.pathname}`, from: frame ? new URL(frame.url).pathname : '' });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${JEAN.fullName}!` })).toBeVisible();

  const address = `/event/${eventId}`;
  expect(sent.filter(({ call }) => call === 'POST /api/auth/token/refresh/')).toEqual([
    { call: 'POST /api/auth/token/refresh/', from: address },
  ]);
  expect(sent.filter(({ call }) => call === `GET /api/events/${eventId}/`)).toEqual([
    { call: `GET /api/events/${eventId}/`, from: address },
  ]);
});
