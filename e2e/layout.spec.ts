import type { Page } from '@playwright/test';
import { STAFF, expect, fillParticipantForm, fillStaffForm, test } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

/** The phones participants carry (issue 29): a common one and a small low-end one. */
const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;
const LAPTOP = { width: 1366, height: 768 } as const;
const LANGUAGES = ['en', 'fr', 'sw'] as const;
type Language = (typeof LANGUAGES)[number];
const LANGUAGE_NAME: Record<Language, string> = { en: 'English', fr: 'Français', sw: 'Kiswahili' };
/** The switcher's own label in each language. */
const SWITCHER = /^(Language|Langue|Lugha)$/;

/** Waits until the page shows its content: a main heading and nothing still loading. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:not(button *), .mantine-Skeleton-root')).toHaveCount(0);
}

/**
 * What lies outside the viewport sideways: the document itself (the page scrolls sideways), any
 * visible button, the QR code and the tag; also any of them cut by a scrolling or clipping box, and
 * a button's label cut short. The viewport is the one asked for, not `innerWidth`: a phone widens
 * its layout viewport to fit content that overflows.
 */
async function outsideViewport(page: Page): Promise<string[]> {
  const size = page.viewportSize();
  if (!size) throw new Error('no viewport');
  return page.evaluate((width) => {
    const problems: string[] = [];
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth > width) problems.push(`document is ${documentWidth} px wide`);
    const targets = Array.from(
      document.querySelectorAll(
        'button, [role="button"], a.mantine-Button-root, [data-testid$="qr"], [data-testid="tag-qr-image"], [data-testid="event-tag"], canvas',
      ),
    );
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.textContent ?? '').trim()}"`;
      if (box.left < -1 || box.right > width + 1) problems.push(`${name} spans ${box.left}-${box.right} px`);
      for (let box2 = el.parentElement; box2; box2 = box2.parentElement) {
        if (getComputedStyle(box2).overflowX === 'visible') continue;
        const frame = box2.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1) {
          problems.push(`${name} is cut by its container`);
          break;
        }
      }
      const label = el.querySelector('.mantine-Button-label');
      if (label && label.scrollWidth > label.clientWidth + 1) problems.push(`${name}: label cut`);
    }
    return problems;
  }, size.width);
}

/** Checks the page as it is now at each phone size. */
async function expectFitsPhones(page: Page, what: string) {
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    expect.soft(await outsideViewport(page), `${what} at ${phone.width} px`).toEqual([]);
  }
}

/** Opens the participant menu, checks it fits (Logout and close inside), picks `language` there. */
async function pickInMenu(page: Page, language: Language) {
  await page.setViewportSize(PHONES[0]);
  await page.locator('header button[aria-expanded]').click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await menu.getByRole('combobox', { name: SWITCHER }).selectOption({ label: LANGUAGE_NAME[language] });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const width = PHONES[0].width;
  for (const button of await menu.getByRole('button').all()) {
    // Polled: the menu slides in from the right, and the pick above may come before it has arrived.
    await expect
      .poll(
        async () => {
          const box = await button.boundingBox();
          return box ? box.x + box.width : Infinity;
        },
        { message: `menu button at ${width} px` },
      )
      .toBeLessThanOrEqual(width + 1);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Shows `language` on the signed-out pages (remembered on this device) and reloads. */
async function useLanguageSignedOut(page: Page, language: Language) {
  await page.evaluate((l) => localStorage.setItem('attend.language', l), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.describe('a participant on a phone', () => {
  test.use({ isMobile: true, hasTouch: true, viewport: PHONES[1] });

  test('every participant page fits 360 and 390 px in English, French and Swahili', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(25);
    const event = await api.createEvent({
      name: `Forum ${suffix()}`,
      start_date: at(day, 8),
      end_date: at(day, 17),
    });
    await api.createSession(event.id, { name: 'Atelier 1', start_time: at(day, 9), end_time: at(day, 10) });
    const zawadi = await api.createParticipant(event.id, 'Zawadi Achieng');

    // Signed out: the landing and sign-in pages.
    for (const language of LANGUAGES) {
      await page.goto('/');
      await useLanguageSignedOut(page, language);
      await settled(page);
      await expectFitsPhones(page, `/ in ${language}`);
      await page.goto('/login');
      await settled(page);
      await expectFitsPhones(page, `/login in ${language}`);
    }
    await useLanguageSignedOut(page, 'en');
    await fillParticipantForm(page, event.event_code, zawadi.unique_code);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));

    // Not yet confirmed: the long "Confirm Your Attendance Now" and the tag page's prompt.
    for (const language of LANGUAGES) {
      await pickInMenu(page, language);
      await expect(page.getByTestId('action-required').getByRole('button')).toBeVisible();
      await expectFitsPhones(page, `the event page (pending) in ${language}`);
    }

    // Confirmed: the QR code on its page and on the tag, and the sessions.
    await api.confirm(event.id, zawadi.id);
    const pages = [
      { path: `/event/${event.id}`, ready: page.getByTestId('event-name') },
      { path: '/sessions', ready: page.getByText('Atelier 1') },
      { path: '/qr-code', ready: page.getByTestId('participant-qr') },
      { path: `/event/${event.id}/tag`, ready: page.getByTestId('tag-qr-image') },
    ];
    for (const language of ['sw', 'fr', 'en'] as const) {
      if (language !== 'sw') {
        await page.goto(`/event/${event.id}`);
        await pickInMenu(page, language);
      }
      for (const { path, ready } of pages) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        await settled(page);
        await expectFitsPhones(page, `${path} in ${language}`);
      }
    }
  });
});

/** Status badges whose label is cut (Mantine ends it with an ellipsis). */
async function truncatedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.mantine-Badge-label'))
      .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 1)
      .map((label) => `"${label.textContent ?? ''}" (${label.clientWidth} of ${label.scrollWidth} px)`),
  );
}

/** The header is one row: the brand, the username and Logout side by side and inside the viewport. */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const header = document.querySelector('header');
    const brand = header?.querySelector('a');
    const user = header?.querySelector('[data-testid="current-user"]');
    const logout = Array.from(header?.querySelectorAll('button') ?? []).find(
      (b) => b.textContent === 'Déconnexion',
    );
    if (!header || !brand || !user || !logout) return ['header, brand, username or Logout missing'];
    const row = brand.getBoundingClientRect();
    const problems: string[] = [];
    for (const [name, el] of [
      ['username', user],
      ['Logout', logout],
    ] as const) {
      const box = el.getBoundingClientRect();
      if (box.top >= row.bottom || box.bottom <= row.top) problems.push(`${name} is on another row`);
      if (box.left < 0 || box.right > width) problems.push(`${name} spans ${box.left}-${box.right} px`);
      if ([el, ...Array.from(el.querySelectorAll('*'))].some((e) => e.scrollWidth > e.clientWidth + 1)) {
        problems.push(`${name} is cut`);
      }
    }
    const height = header.getBoundingClientRect().height;
    if (height > row.height + 40) problems.push(`header is ${height} px high`);
    return problems;
  }, LAPTOP.width);
}

test.describe('staff on a laptop in French', () => {
  test.use({ viewport: LAPTOP });

  test('status badges are whole and the header is one row on every staff page', async ({ page, request }) => {
    const api = await Api.staff(request);
    const day = futureDay(26);
    const event = await api.createEvent({
      name: `Atelier régional ${suffix()}`,
      start_date: at(day, 8),
      end_date: at(day, 17),
    });
    await api.createSession(event.id, { name: 'Atelier 1', start_time: at(day, 9), end_time: at(day, 10) });
    const amina = await api.createParticipant(event.id, 'Amina Uwase');
    await api.createParticipant(event.id, 'Émilie Mukamana');
    await api.confirm(event.id, amina.id);

    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await useLanguageSignedOut(page, 'fr');

    const pages = [
      '/dashboard',
      '/dashboard/events',
      `/dashboard/events/${event.id}`,
      `/dashboard/events/${event.id}/participants`,
      `/dashboard/events/${event.id}/sessions`,
      `/dashboard/events/${event.id}/check-in`,
      `/dashboard/events/${event.id}/tag-design`,
    ];
    for (const path of pages) {
      await page.goto(path);
      await settled(page);
      if (path.endsWith('/participants')) await expect(page.getByText('Émilie Mukamana')).toBeVisible();
      expect.soft(await truncatedBadges(page), `badges of ${path}`).toEqual([]);
      expect.soft(await headerProblems(page), `header of ${path}`).toEqual([]);
    }
  });
});
