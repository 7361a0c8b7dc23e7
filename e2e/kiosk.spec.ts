import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { qrPngToY4m } from './fake-camera';
import { apiStaffToken, expect, fillStaffForm, test } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

const DAY = 24 * 60 * 60 * 1000;
const PIN = '2468';

async function startKiosk(page: Page, eventId: number) {
  await page.goto(`/dashboard/events/${eventId}/check-in`);
  await page.getByRole('button', { name: 'Kiosk mode' }).click();
  await page.getByLabel('PIN (4 to 8 digits)').fill(PIN);
  await page.getByLabel('Repeat the PIN').fill('1357');
  await page.getByRole('button', { name: 'Start kiosk' }).click();
  await expect(page.getByText('The two PINs differ.')).toBeVisible();
  await page.getByLabel('Repeat the PIN').fill(PIN);
  await page.getByRole('button', { name: 'Start kiosk' }).click();
  await expect(page).toHaveURL(new RegExp(`/kiosk/${eventId}$`));
}

test.describe('self check-in kiosk', () => {
  test('a participant shows their QR to the camera or types their code, is welcomed by name and checked in; the kiosk leaves only with the PIN', async ({
    request,
  }, testInfo) => {
    testInfo.setTimeout(300_000);
    const api = await Api.staff(request);
    const today = futureDay(0);
    const event = await api.createEvent({
      name: `Kiosk Door ${suffix()}`,
      start_date: at(today, 0),
      end_date: new Date(today.getTime() + 2 * DAY).toISOString(),
      print_badge_on_check_in: true,
    });
    const ada = await api.createParticipant(event.id, `Ada Kiosk ${suffix()}`);
    const ben = await api.createParticipant(event.id, `Ben Kiosk ${suffix()}`);
    const cleo = await api.createParticipant(event.id, `Cleo Kiosk ${suffix()}`);
    const dan = await api.createParticipant(event.id, `Dan Kiosk ${suffix()}`);
    for (const p of [ada, ben, dan]) await api.confirm(event.id, p.id);
    const token = await apiStaffToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const detail = await request.get(`/api/events/${event.id}/participants/${ada.id}/`, { headers });
    const qrUrl = ((await detail.json()) as { qr_code_url: string }).qr_code_url;
    // The kiosk runs under a scanner account of this event, made as Staff Access makes one.
    const made = await request.post('/api/accounts/staff/', {
      headers,
      data: { username: `kiosk-${suffix()}`, role: 'scanner', event_ids: [event.id], delivery: 'password' },
    });
    expect(made.status()).toBe(201);
    const scanner = (await made.json()) as { account: { username: string }; password: string };
    const dir = mkdtempSync(path.join(tmpdir(), 'attend-kiosk-'));
    const clip = path.join(dir, 'qr.y4m');
    qrPngToY4m(await (await request.get(qrUrl)).body(), clip);

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
        viewport: { width: 1280, height: 800 },
      });
      // No real print dialog in a journey: print() only counts (the mark is set just before it).
      await context.addInitScript(() => {
        window.print = () => undefined;
      });
      const page = await context.newPage();
      const result = page.getByTestId('kiosk-result');
      // Done, or the kiosk's own reset when it comes first (a slow machine may take 6 s to get here).
      const nextPerson = async () => {
        await page
          .getByRole('button', { name: 'Done' })
          .click({ timeout: 2000 })
          .catch(() => undefined);
        await expect(result).toBeHidden({ timeout: 10_000 });
      };
      // Counted per participant: Ada's badge, printed after the camera's scan, may still be on its way.
      const printed = (participantId: number) =>
        page.evaluate(
          (id) =>
            performance
              .getEntriesByName('badge-print-dialog')
              .filter((mark) => (mark as PerformanceMark).detail?.participantId === id).length,
          participantId,
        );
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/dashboard/login');
      await fillStaffForm(page, scanner.account.username, scanner.password);
      await expect(page).toHaveURL(/\/dashboard\/check-in$/);
      await startKiosk(page, event.id);

      // The camera starts by itself and reads Ada's QR code. (While the camera and the station's list
      // start, a loaded machine can keep the server past the 8 s a scan waits: the kiosk then keeps
      // the check-in on the device and prints nothing, so the badge is checked on Ben's typed code.)
      await expect(result).toContainText(`Welcome, ${ada.full_name}!`);
      await expect(result).toHaveAttribute('data-tone', 'ok');
      await nextPerson();
      await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
      await expect(page.getByText('Offline', { exact: true })).toBeHidden({ timeout: 30_000 });

      // Ben types his code: his badge prints; the screen resets by itself for the next person.
      await page.getByLabel('Unique Code').fill(ben.unique_code);
      await page.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toContainText(`Welcome, ${ben.full_name}!`);
      await expect(result).toContainText('You are checked in.');
      await expect(result).toContainText('Your badge is printing.');
      await expect.poll(() => printed(ben.id)).toBe(1);
      await expect(result).toBeHidden({ timeout: 10_000 });
      await expect(page.getByLabel('Unique Code')).toBeFocused();

      // Twice is welcomed back, with no second badge; not confirmed and unknown codes are sent to staff.
      await page.keyboard.type(ben.unique_code);
      await page.keyboard.press('Enter');
      await expect(result).toContainText(`Welcome back, ${ben.full_name}!`);
      await expect(result).not.toContainText('Your badge is printing.');
      expect(await printed(ben.id)).toBe(1);
      await nextPerson();
      await page.getByLabel('Unique Code').fill(cleo.unique_code);
      await page.keyboard.press('Enter');
      await expect(result).toContainText('Your attendance is not confirmed yet.');
      await expect(result).toContainText('Please see a member of staff.');
      await nextPerson();
      await page.getByLabel('Unique Code').fill('ZZZZ9999');
      await page.keyboard.press('Enter');
      await expect(result).toContainText('We could not find this code.');
      await nextPerson();

      // Without a network the kiosk keeps the check-in and sends it when the network is back.
      await context.setOffline(true);
      await page.getByLabel('Unique Code').fill(dan.unique_code);
      await page.keyboard.press('Enter');
      await expect(result).toContainText('Your check-in is kept on this device');
      await expect(page.getByText('Offline', { exact: true })).toBeVisible();
      await nextPerson();
      await context.setOffline(false);
      await expect(page.getByText('Offline', { exact: true })).toBeHidden();
      await expect
        .poll(async () => {
          const records = (await (
            await request.get(`/api/events/${event.id}/check-ins/`, { headers })
          ).json()) as { participant_name: string }[];
          return records.map((r) => r.participant_name);
        })
        .toContain(dan.full_name);

      // In French.
      await page.getByTestId('language-switcher').selectOption({ label: 'Français' });
      await expect(page.getByRole('heading', { name: 'Bienvenue', exact: true })).toBeVisible();
      await page.getByTestId('language-switcher').selectOption({ label: 'English' });

      // No other page: the address bar, the back button and a reload all land on the kiosk.
      for (const other of ['/dashboard/events', `/dashboard/events/${event.id}/participants`, '/']) {
        await page.goto(other);
        await expect(page).toHaveURL(new RegExp(`/kiosk/${event.id}$`));
      }
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/kiosk/${event.id}$`));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();

      // Only the PIN leaves.
      await page.getByRole('button', { name: 'Exit kiosk' }).click();
      await page.getByLabel('PIN', { exact: true }).fill('0000');
      await page.getByRole('button', { name: 'Exit', exact: true }).click();
      await expect(page.getByText('Wrong PIN.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/kiosk/${event.id}$`));
      await page.getByLabel('PIN', { exact: true }).fill(PIN);
      await page.getByRole('button', { name: 'Exit', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/check-in$`));
      await page.goto('/dashboard/check-in');
      await expect(page).toHaveURL(/\/dashboard\/check-in$/);

      // Every check-in the kiosk made is on record once, as the kiosk's.
      const list = (await (await request.get(`/api/events/${event.id}/check-ins/`, { headers })).json()) as {
        participant_name: string;
        notes: string;
      }[];
      expect(list.map((r) => r.participant_name).sort()).toEqual(
        [ada.full_name, ben.full_name, dan.full_name].sort(),
      );
      expect(list.every((r) => r.notes === 'Kiosk')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
