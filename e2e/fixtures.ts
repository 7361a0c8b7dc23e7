import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** What scripts/e2e-server.ts seeds (fixed so the journeys are repeatable). */
export const STAFF = { username: 'staff', password: 'staff-password-1' } as const;
/** An admin of its own, for journeys that end every sign-in of their account. */
export const STAFF_ALONE = { username: 'organiser', password: 'organiser-password-1' } as const;
export const EVENT_CODE = 'E2ETST';
export const EVENT_NAME = 'Regional Health Workshop';
export const AMINA = { code: 'ABCD2345', fullName: 'Amina Uwase' } as const;
export const JEAN = { code: 'EFGH6789', fullName: 'Jean Habimana' } as const;

type ParticipantLogin = { participant: { id: number; full_name: string; event: { id: number } } };

/** Signs a participant in through the API (a separate cookie jar from the page's). */
export async function apiParticipantLogin(request: APIRequestContext, uniqueCode: string) {
  const res = await request.post('/api/auth/login/', {
    data: { event_code: EVENT_CODE, unique_code: uniqueCode },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ParticipantLogin).participant;
}

export async function apiStaffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/token/', { data: STAFF });
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
 * page error: the built app must run under the server's CSP (no inline scripts).
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
