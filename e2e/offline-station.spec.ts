import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { encodeQrCredential } from '../packages/shared/src/qr/credential';
import { apiStaffToken, expect, fillStaffForm, STAFF, test } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

const DAY = 24 * 60 * 60 * 1000;

/** The credential a participant's QR code carries, read from the PNG the API serves. */
async function credentialOf(request: APIRequestContext, token: string, eventId: number, id: number) {
  const detail = await request.get(`/api/events/${eventId}/participants/${id}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { qr_code_url: url } = (await detail.json()) as { qr_code_url: string };
  const png = PNG.sync.read(await (await request.get(url)).body());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(read?.data).toMatch(/^AT1:/);
  return read?.data ?? '';
}

async function scan(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test.describe('offline check-in station', () => {
  test.use({ serviceWorkers: 'allow' });

  test('checks people in offline, keeps its queue through a reload and syncs with the duplicate and the wrong code shown', async ({
    page,
    context,
    request,
  }, testInfo) => {
    testInfo.setTimeout(120_000);
    const api = await Api.staff(request);
    const today = futureDay(0);
    const event = await api.createEvent({
      name: `Offline Door ${suffix()}`,
      start_date: at(today, 0),
      end_date: new Date(today.getTime() + 2 * DAY).toISOString(),
    });
    const ada = await api.createParticipant(event.id, `Ada Offline ${suffix()}`);
    const ben = await api.createParticipant(event.id, `Ben Offline ${suffix()}`);
    const cleo = await api.createParticipant(event.id, `Cleo Offline ${suffix()}`);
    for (const p of [ada, ben, cleo]) await api.confirm(event.id, p.id);
    const token = await apiStaffToken(request);
    const adaQr = await credentialOf(request, token, event.id, ada.id);

    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/dashboard/events/${event.id}/check-in`);
    const status = page.getByTestId('station-status');
    const network = page.getByTestId('station-network');
    await expect(network).toHaveText('Online');
    await expect(status).toContainText('Offline list updated just now');
    // The service worker keeps the app itself for a reload without a network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await expect(network).toHaveText('Offline');
    const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
    await field.focus();
    const panel = page.getByTestId('scan-result');

    // Ada by her QR code: its signature is checked here, with the event's public key.
    await scan(page, adaQr);
    await expect(panel).toHaveAttribute('data-kind', 'checked_in');
    await expect(panel).toContainText(ada.full_name);
    await expect(status).toContainText('1 waiting to sync');
    const adaScannedBefore = Date.now();

    // Ben by his typed code: the pack holds nothing to check it with, so it is saved unchecked.
    await scan(page, ben.unique_code.toLowerCase());
    await expect(panel).toHaveAttribute('data-tone', 'warn');
    await expect(panel).toContainText('Saved, to be checked');
    await expect(panel).not.toContainText(ben.full_name);
    await expect(status).toContainText('2 waiting to sync');
    // The same code typed again is known as saved here, not queued twice.
    await scan(page, ben.unique_code);
    await expect(panel).toContainText('Already saved at this station');
    await expect(status).toContainText('2 waiting to sync');

    // Ada again: flagged here, not queued.
    await scan(page, adaQr);
    await expect(panel).toHaveAttribute('data-kind', 'already_checked_in');
    await expect(panel).toContainText('this station (waiting to sync)');
    await expect(status).toContainText('2 waiting to sync');

    // Meanwhile another station (online) checks Cleo in; this one cannot know.
    const other = await request.post(`/api/events/${event.id}/check-in/`, {
      data: { qr_code_data: cleo.unique_code },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(other.status()).toBe(201);
    await scan(page, cleo.unique_code);
    await expect(panel).toContainText('Saved, to be checked');
    await expect(status).toContainText('3 waiting to sync');
    // A mistyped code has the right shape: saved too, and refused by the server on sync.
    await scan(page, 'ZZZZ9999');
    await expect(status).toContainText('4 waiting to sync');

    // A forged QR (Ada's ids, a signature by no key of this event) is refused offline.
    const forged = encodeQrCredential({ eventId: event.id, participantId: ada.id }, randomBytes(64));
    await scan(page, forged);
    await expect(panel).toHaveAttribute('data-kind', 'forged_code');
    await expect(panel).toContainText('Invalid QR code');
    await expect(status).toContainText('4 waiting to sync');

    // A reload without a network keeps the queue.
    await page.reload();
    await expect(network).toHaveText('Offline');
    await expect(status).toContainText('4 waiting to sync');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(event.name);

    // Back online: the station syncs by itself.
    await context.setOffline(false);
    await expect(page.getByTestId('sync-report')).toContainText(
      'Synced: 2 recorded, 1 already checked in elsewhere, 1 refused.',
    );
    await expect(status).toContainText('0 waiting to sync');
    const conflicts = page.getByTestId('sync-conflicts');
    await expect(conflicts).toContainText(cleo.full_name);
    await expect(conflicts).toContainText('Already checked in');
    await expect(conflicts.getByRole('row').filter({ hasText: 'ZZZZ9999' })).toContainText(
      'No participant of this event has this code.',
    );

    const records = (await (
      await request.get(`/api/events/${event.id}/check-ins/?session=main`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { participant_id: number; check_in_time: string }[];
    expect(records.map((r) => r.participant_id).sort()).toEqual([ada.id, ben.id, cleo.id].sort());
    // The record keeps the scan time, not the sync time.
    const adaRecord = records.find((r) => r.participant_id === ada.id);
    expect(Date.parse(adaRecord?.check_in_time ?? '')).toBeLessThanOrEqual(adaScannedBefore);

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(conflicts).toHaveCount(0);
  });
});
