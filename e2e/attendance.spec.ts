import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  apiParticipantLogin,
  EVENT_CODE,
  EVENT_NAME,
  expect,
  fillParticipantForm,
  JEAN,
  test,
} from './fixtures';
import {
  createEvent,
  createParticipants,
  expectToast,
  imageLoaded,
  uniqueSuffix,
} from './fixtures/participants';

async function participantSignIn(page: Page, eventCode: string, uniqueCode: string) {
  await page.goto('/login');
  await fillParticipantForm(page, eventCode, uniqueCode);
  await expect(page).toHaveURL(/\/event\/\d+$/);
}

test.describe('participant attendance', () => {
  test('an unconfirmed participant sees Attendance Pending and the Action Required panel', async ({
    page,
    request,
  }) => {
    // Jean stays unconfirmed here: other journeys rely on him pending.
    const jean = await apiParticipantLogin(request, JEAN.code);
    await participantSignIn(page, EVENT_CODE, JEAN.code);
    await expect(page).toHaveURL(new RegExp(`/event/${jean.event.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${JEAN.fullName}!` })).toBeVisible();
    await expect(page.getByRole('heading', { name: EVENT_NAME })).toBeVisible();
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Pending');
    const panel = page.getByRole('region', { name: 'Action Required' });
    await expect(panel).toContainText(
      'session registration, QR code generation, event entry and DSA payment eligibility',
    );
    await expect(panel.getByRole('button', { name: 'Confirm Your Attendance Now' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Event Tag' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'About the Event' })).toBeVisible();
    await expect(page.getByTestId('event-notes')).toContainText('Daily subsistence allowance (DSA)');
    await expect(page.getByTestId('support-contact')).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.goto('/qr-code');
    await expect(page.getByTestId('qr-event-name')).toHaveText(EVENT_NAME);
    await expect(page.getByTestId('qr-event-location')).toHaveText('Kigali Conference Centre');
    await expect(page.getByRole('button', { name: 'Confirm Attendance' })).toBeVisible();
    await expect(page.getByTestId('participant-qr')).toHaveCount(0);
  });

  test('a participant confirms on the event page (after one failure) and then sees the QR code', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Attendance Workshop ${uniqueSuffix()}`);
    const [me] = await createParticipants(request, event.id, [
      { full_name: 'Sandrine Umutoni', email: 'sandrine@example.org', organization: 'Kibagabaga Hospital' },
    ]);
    if (!me) throw new Error('no participant');
    await participantSignIn(page, event.event_code, me.unique_code);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Pending');

    // Both confirmation calls fail once: the button turns into Try Again.
    const fail = (route: import('@playwright/test').Route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"detail":"Service unavailable","code":"x"}',
      });
    await page.route('**/api/simple-confirm/', fail);
    await page.route('**/api/participants/confirm-attendance-direct/', fail);
    await page.getByRole('button', { name: 'Confirm Your Attendance Now' }).click();
    const panel = page.getByRole('region', { name: 'Action Required' });
    await expect(panel.getByRole('alert')).toHaveText('Service unavailable');
    await page.unroute('**/api/simple-confirm/');
    await page.unroute('**/api/participants/confirm-attendance-direct/');

    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expectToast(page, 'Attendance confirmed successfully!');
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Confirmed');
    await expect(page.getByRole('region', { name: 'Action Required' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'QR code of Sandrine Umutoni' })).toBeVisible();
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await expect(page.getByRole('link', { name: 'View Event Tag' })).toHaveAttribute(
      'href',
      `/event/${event.id}/tag`,
    );
    await expect(page.getByRole('link', { name: 'View Sessions' })).toHaveAttribute('href', '/sessions');
    expect(await page.evaluate(() => localStorage.getItem('attend.lastShownUserId'))).toBe(String(me.id));
    // No token and no login code is kept in localStorage (only what the pages show offline).
    const kept = await page.evaluate(() => Object.entries(localStorage));
    for (const [key, value] of kept) {
      expect(key).toMatch(/^attend\.(lastShownUserId|lastUser|offline\.\d+\.\w+)$/);
      expect(value).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
      expect(value).not.toContain(me.unique_code);
    }

    // A reload keeps the confirmed state (from the server, not from the page).
    await page.reload();
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Confirmed');
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);

    // /qr-code: event name, start date in the viewer's locale, location and the QR code.
    await page.goto('/qr-code');
    await expect(page.getByTestId('qr-event-name')).toHaveText(event.name);
    await expect(page.getByTestId('qr-event-location')).toHaveText('Huye Campus, Hall B');
    const expectedDate = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), event.start_date);
    await expect(page.getByTestId('qr-event-start')).toHaveText(expectedDate);
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Confirmed');
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    await expect(page.getByRole('button', { name: 'Confirm Attendance' })).toHaveCount(0);
  });

  test('a participant confirms on /qr-code; QR errors show inline and as a notification', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `QR Page Workshop ${uniqueSuffix()}`);
    const [me] = await createParticipants(request, event.id, [
      { full_name: 'Yves Nkurunziza', email: 'yves@example.org' },
    ]);
    if (!me) throw new Error('no participant');
    await participantSignIn(page, event.event_code, me.unique_code);
    await page.goto('/qr-code');
    await expect(page.getByTestId('qr-event-name')).toHaveText(event.name);
    await page.getByRole('button', { name: 'Confirm Attendance' }).click();
    await expectToast(page, 'Attendance confirmed successfully! Your QR code is ready.');
    await expect(page.getByTestId('attendance-status')).toHaveText('Attendance Confirmed');
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);

    // Another user last shown on this device: the QR is fetched fresh, and that call fails.
    await page.evaluate(() => localStorage.setItem('attend.lastShownUserId', '-1'));
    await page.route('**/api/participants/me/qr-code/', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Not found.', code: 'not_found' }),
      }),
    );
    await page.reload();
    const message = 'QR code not found. Please try confirming your attendance again.';
    await expect(page.locator('main [role=alert]').filter({ hasText: message })).toBeVisible();
    await expectToast(page, `Could not load QR code: ${message}`);
    await page.unroute('**/api/participants/me/qr-code/');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => imageLoaded(page, '[data-testid=participant-qr]')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('attend.lastShownUserId'))).toBe(String(me.id));
  });

  test('another event id shows Event not found with a way back', async ({ page, request }) => {
    const event = await createEvent(request, `Other Workshop ${uniqueSuffix()}`);
    const [me] = await createParticipants(request, event.id, [
      { full_name: 'Aline Iradukunda', email: 'aline@example.org' },
    ]);
    if (!me) throw new Error('no participant');
    await participantSignIn(page, event.event_code, me.unique_code);
    await page.goto(`/event/${event.id + 100000}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/participant',
    );
  });
});
