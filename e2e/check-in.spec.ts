import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { qrPngToY4m } from './fake-camera';
import { expect, fillStaffForm, postSignIn, STAFF, test, toast } from './fixtures';
import { Api, at, futureDay, suffix, type CreatedEvent } from './sessions-api';

const DAY = 24 * 60 * 60 * 1000;

/** An event under way (so check-in is open) with two participants, one of them confirmed. */
async function eventUnderWay(request: APIRequestContext) {
  const api = await Api.staff(request);
  const today = futureDay(0);
  const event: CreatedEvent = await api.createEvent({
    name: `Door Test ${suffix()}`,
    start_date: at(today, 0),
    end_date: new Date(today.getTime() + 2 * DAY).toISOString(),
  });
  const confirmed = await api.createParticipant(event.id, `Grace Mukamana ${suffix()}`);
  await api.confirm(event.id, confirmed.id);
  const pending = await api.createParticipant(event.id, `Eric Niyonzima ${suffix()}`);
  return { api, event, confirmed, pending };
}

async function staffSignIn(page: Page) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('check-in station', () => {
  test('a handheld scanner checks people in without a click; each outcome reads at arm’s length', async ({
    page,
    request,
  }) => {
    const { event, confirmed, pending } = await eventUnderWay(request);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/check-in`);
    const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
    await expect(field).toBeFocused();

    // A handheld scanner types the code and presses Enter: no click anywhere.
    await page.keyboard.type(confirmed.unique_code);
    await page.keyboard.press('Enter');
    await expect(
      toast(page).filter({ hasText: `${confirmed.full_name} checked in successfully!` }),
    ).toBeVisible();
    const panel = page.getByTestId('scan-result');
    await expect(panel).toContainText('Checked in');
    await expect(panel).toContainText(confirmed.full_name);
    await expect(field).toBeFocused();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toContainText(confirmed.full_name);
    await expect(table.getByRole('row').nth(1)).toContainText('staff');

    // Not confirmed: amber, with Check in anyway.
    await page.keyboard.type(pending.unique_code);
    await page.keyboard.press('Enter');
    await expect(panel).toContainText('Attendance not confirmed');
    await page.getByRole('button', { name: 'Check in anyway' }).click();
    await expect(panel).toContainText('Checked in');
    await expect(panel).toContainText(pending.full_name);
    await expect(table.getByRole('row').nth(1)).toContainText(pending.full_name);
    await expect(field).toBeFocused();

    // The same badge again: amber, with when and by whom.
    await page.keyboard.type(confirmed.unique_code);
    await page.keyboard.press('Enter');
    await expect(panel).toContainText('Already checked in');
    await expect(panel).toContainText('staff');

    // A code of nobody here: red.
    await page.keyboard.type('ZZZZ9999');
    await page.keyboard.press('Enter');
    await expect(panel).toContainText('Unknown code');
    await expect(page.getByTestId('checkin-count-checkedIn')).toHaveText('2');
  });

  test('the camera reads a participant’s QR code from a fake camera', async ({ request }, testInfo) => {
    testInfo.setTimeout(90_000);
    const { event, confirmed } = await eventUnderWay(request);
    const token = (await (await postSignIn(request, '/api/auth/token/', STAFF)).json()) as {
      access: string;
    };
    const detail = await request.get(`/api/events/${event.id}/participants/${confirmed.id}/`, {
      headers: { Authorization: `Bearer ${token.access}` },
    });
    const qrUrl = ((await detail.json()) as { qr_code_url: string }).qr_code_url;
    const png = await request.get(qrUrl);
    expect(png.status()).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-camera-'));
    const clip = path.join(dir, 'qr.y4m');
    qrPngToY4m(await png.body(), clip);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${clip}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        permissions: ['camera'],
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await staffSignIn(page);
      await page.goto(`/dashboard/events/${event.id}/check-in`);
      await page.getByRole('button', { name: 'Start Camera' }).click();
      await expect(page.getByTestId('camera-video')).toBeVisible();
      const panel = page.getByTestId('scan-result');
      await expect(panel).toContainText('Checked in', { timeout: 20_000 });
      await expect(panel).toContainText(confirmed.full_name);
      // The badge stays in front of the camera: it is not checked in twice.
      await page.waitForTimeout(1500);
      const list = await request.get(`/api/events/${event.id}/check-ins/`, {
        headers: { Authorization: `Bearer ${token.access}` },
      });
      expect(((await list.json()) as unknown[]).length).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a check-in made at another station appears live on the event page', async ({ page, request }) => {
    const { event, confirmed } = await eventUnderWay(request);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/check-in`);
    await expect(page.getByRole('textbox', { name: 'Unique Code', exact: true })).toBeFocused();
    const token = (await (await postSignIn(request, '/api/auth/token/', STAFF)).json()) as {
      access: string;
    };
    // Give the live stream a moment to open, then check in from "another station" (the API).
    await page.waitForTimeout(500);
    const res = await request.post(`/api/events/${event.id}/check-in/`, {
      headers: { Authorization: `Bearer ${token.access}` },
      data: { qr_code_data: confirmed.unique_code, session: null, notes: 'Side door' },
    });
    expect(res.status()).toBe(201);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(confirmed.full_name, {
      timeout: 2000,
    });
  });
});
