import type { APIResponse, Page, TestInfo } from '@playwright/test';
import { AMINA, EVENT_CODE, expect, fillParticipantForm, fillStaffForm, STAFF, test } from './fixtures';

// Each test signs in from a network of its own (the e2e server trusts X-Forwarded-For from
// loopback): failing from 127.0.0.1 itself would slow every journey running beside this one.
const NOTICE = 'Checking your browser…';

/** Fails sign-ins from the network until the server asks for a proof of work (428). */
async function failUntilChallenged(attempt: () => Promise<APIResponse>) {
  const statuses: number[] = [];
  while (statuses.length < 20 && statuses.at(-1) !== 428) statuses.push((await attempt()).status());
  expect(statuses.at(-1)).toBe(428);
  expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  expect(statuses.length).toBeGreaterThan(1);
}

/**
 * A network of this run's own (documentation ranges, one per test), so a repeat or a retry on the
 * same server starts from a network nobody failed from yet.
 */
function networkOf(range: '198.51.100' | '203.0.113', info: TestInfo) {
  return { 'X-Forwarded-For': `${range}.${1 + ((info.repeatEachIndex * 8 + info.retry) % 254)}` };
}

type Watched = Window & { __notice?: { seen: boolean; buttonLoading: boolean } };

/**
 * Records whether the notice was ever shown as a status while the submit button was loading: a
 * solve can take only a moment, too short to wait for with a locator.
 */
async function watchNotice(page: Page) {
  await page.addInitScript((text) => {
    const state = { seen: false, buttonLoading: false };
    (window as Watched).__notice = state;
    new MutationObserver(() => {
      if (state.seen) return;
      const status = Array.from(document.querySelectorAll('[role="status"]')).find((el) =>
        el.textContent?.includes(text),
      );
      if (!status) return;
      state.seen = true;
      state.buttonLoading = !!document.querySelector('button[type="submit"][data-loading]');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, NOTICE);
}

/** The answers the page got from `path`, in order. */
function answersOf(page: Page, path: string): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === path && res.request().method() === 'POST')
      statuses.push(res.status());
  });
  return statuses;
}

test.describe('sign-in from a network that failed before', () => {
  test('a participant is asked for a proof of work, solves it and lands on their event page', async ({
    page,
    request,
  }, testInfo) => {
    const network = networkOf('198.51.100', testInfo);
    await failUntilChallenged(() =>
      request.post('/api/auth/login/', {
        headers: network,
        data: { event_code: EVENT_CODE, unique_code: 'WRNG2345' },
      }),
    );

    await page.setExtraHTTPHeaders(network);
    await watchNotice(page);
    const answers = answersOf(page, '/api/auth/login/');
    await page.goto('/login');
    await fillParticipantForm(page, EVENT_CODE, AMINA.code);
    await expect(page).toHaveURL(/\/event\/\d+$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${AMINA.fullName}!` })).toBeVisible();
    expect(answers).toEqual([428, 200]);
    expect(await page.evaluate(() => (window as Watched).__notice)).toEqual({
      seen: true,
      buttonLoading: true,
    });
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  });

  test('staff sign in through the Staff Portal the same way', async ({ page, request }, testInfo) => {
    const network = networkOf('203.0.113', testInfo);
    // An unknown account: the network is marked, no real account's budget is touched.
    await failUntilChallenged(() =>
      request.post('/api/auth/token/', {
        headers: network,
        data: { username: 'nobody-at-this-venue', password: 'not-the-password' },
      }),
    );

    await page.setExtraHTTPHeaders(network);
    await watchNotice(page);
    const answers = answersOf(page, '/api/auth/token/');
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { name: 'Staff Portal' })).toBeVisible();
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('current-user')).toHaveText(STAFF.username);
    expect(answers).toEqual([428, 200]);
    expect(await page.evaluate(() => (window as Watched).__notice)).toEqual({
      seen: true,
      buttonLoading: true,
    });
  });
});
