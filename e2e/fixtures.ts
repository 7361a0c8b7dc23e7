import { test as base, expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ZChallengeRequired } from '@attend/shared';

/** What scripts/e2e-server.ts seeds (fixed so the journeys are repeatable). */
export const STAFF = { username: 'staff', password: 'staff-password-1' } as const;
/** An admin of its own, for journeys that end every sign-in of their account. */
export const STAFF_ALONE = { username: 'organiser', password: 'organiser-password-1' } as const;
/** A scanner account of the seeded event (scripts/e2e-server.ts); journeys grant it their events. */
export const SCANNER = { username: 'doorscanner', password: 'doorscanner-password-1' } as const;
export const EVENT_CODE = 'E2ETST';
export const EVENT_NAME = 'Regional Health Workshop';
export const AMINA = { code: 'ABCD2345', fullName: 'Amina Uwase' } as const;
export const JEAN = { code: 'EFGH6789', fullName: 'Jean Habimana' } as const;

type ParticipantLogin = { participant: { id: number; full_name: string; event: { id: number } } };

/**
 * POSTs a sign-in call as the web app does: when the server asks for a proof of work (428, after
 * failures from this network by other journeys), solves it and sends the call again.
 */
export async function postSignIn(
  request: APIRequestContext,
  url: string,
  data: Record<string, unknown>,
): Promise<APIResponse> {
  let res = await request.post(url, { data });
  for (let round = 0; res.status() === 428 && round < 4; round++) {
    const { challenge } = ZChallengeRequired.parse(await res.json());
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    res = await request.post(url, { data: { ...data, altcha } });
  }
  return res;
}

/** Signs a participant in through the API (a separate cookie jar from the page's). */
export async function apiParticipantLogin(request: APIRequestContext, uniqueCode: string) {
  const res = await postSignIn(request, '/api/auth/login/', {
    event_code: EVENT_CODE,
    unique_code: uniqueCode,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ParticipantLogin).participant;
}

export async function apiStaffToken(request: APIRequestContext): Promise<string> {
  const res = await postSignIn(request, '/api/auth/token/', STAFF);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

export async function fillStaffForm(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function fillParticipantForm(page: Page, eventCode: string, uniqueCode: string) {
  await page.getByLabel('Participant Code', { exact: true }).fill(eventCode);
  await page.getByLabel('Unique Code', { exact: true }).fill(uniqueCode);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The visible toast (one at a time). */
export function toast(page: Page) {
  return page.locator('.mantine-Notification-root');
}

/**
 * Every journey fails when the browser reports a Content Security Policy violation or an uncaught
 * page error: the built app must run under the server's CSP (an inline script only by its hash).
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors.filter((e) => /Content Security Policy|pageerror/i.test(e))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
