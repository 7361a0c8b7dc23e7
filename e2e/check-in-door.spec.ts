import type { APIRequestContext, Page } from '@playwright/test';
import { apiStaffToken, expect, fillStaffForm, STAFF, test, toast } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

/**
 * The door at its busiest: someone who forgot their code is found by name (online and offline),
 * a handheld scanner works wherever the focus is, and what the station shows stays readable once.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// A fake camera that shows no code (launch options are per file): with the camera on, the station
// no longer pulls the focus to the code field, so the focus stays where the person left it.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

async function eventUnderWay(request: APIRequestContext, name: string) {
  const api = await Api.staff(request);
  const today = futureDay(0);
  const event = await api.createEvent({
    name: `${name} ${suffix()}`,
    start_date: at(today, 0),
    end_date: new Date(today.getTime() + 2 * DAY).toISOString(),
  });
  return { api, event };
}

async function openStation(page: Page, eventId: number) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/events/${eventId}/check-in`);
  // The offline list (the name search's source) is in.
  await expect(page.getByTestId('station-status')).toContainText('Offline list updated just now');
}

/**
 * What a USB scanner does: the code at 4 ms a key, then Enter. A device's keys carry the time it
 * sent them, however busy the page is; Playwright's keyboard.type stamps each key only once the page
 * has taken the one before, which on a loaded machine (a camera running, other browsers) is hundreds
 * of milliseconds. So the keys go through the DevTools protocol with their own time stamps, as the
 * operating system hands a real scanner's keys to the browser.
 */
async function scannerBurst(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((ch) => ({
    key: ch,
    text: ch,
    code: /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : /\d/.test(ch) ? `Digit${ch}` : '',
    windowsVirtualKeyCode: ch.toUpperCase().charCodeAt(0),
  }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', windowsVirtualKeyCode: 13 });
  for (const [i, k] of keys.entries()) {
    const timestamp = start + i * 0.004;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...k, unmodifiedText: k.text, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...k, timestamp: timestamp + 0.001 });
  }
  await cdp.detach();
}

async function checkInsOf(request: APIRequestContext, eventId: number) {
  const token = await apiStaffToken(request);
  const res = await request.get(`/api/events/${eventId}/check-ins/?session=main`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { participant_id: number; checked_in_by: string }[];
}

test.describe('check-in station: find by name', () => {
  test('typing a name lists the people it matches, accents and case aside; Check in beside one checks them in; a refusal shows once', async ({
    page,
    request,
  }) => {
    const { api, event } = await eventUnderWay(request, 'Name Door');
    const tag = suffix();
    const jose = await api.createParticipant(event.id, `José Ramírez ${tag}`);
    const josiane = await api.createParticipant(event.id, `Josiane Umutoni ${tag}`);
    await api.confirm(event.id, jose.id);
    await openStation(page, event.id);
    const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
    await expect(field).toBeFocused();
    const matches = page.getByTestId('name-matches');
    const panel = page.getByTestId('scan-result');

    // A person types (slowly, as people do): "jose" finds José, not Josiane.
    await field.pressSequentially(`jose ${tag}`, { delay: 60 });
    await expect(matches).toContainText('1 found');
    const row = matches.getByTestId('name-match');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(jose.full_name);
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText('Not checked in yet');
    // Enter on a name checks nobody in: it says to choose.
    await field.press('Enter');
    await expect(page.getByTestId('name-matches-nudge')).toBeVisible();
    await expect(panel).toHaveCount(0);

    await matches.getByRole('button', { name: `Check in ${jose.full_name}` }).click();
    await expect(panel).toHaveAttribute('data-tone', 'ok');
    await expect(panel).toContainText(jose.full_name);
    await expect(matches).toHaveCount(0);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();

    // Upper case with the accent: the same person, now known as checked in.
    await field.pressSequentially(`JOSÉ RAM`, { delay: 40 });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('by staff');
    await matches.getByRole('button', { name: `Check in ${jose.full_name}` }).click();
    await expect(panel).toHaveAttribute('data-kind', 'already_checked_in');
    await expect(panel).toContainText('by staff');

    // Not confirmed: amber with Check in anyway, as for a code.
    await field.pressSequentially(`umutoni ${tag}`, { delay: 40 });
    await expect(row).toContainText('Not confirmed');
    await matches.getByRole('button', { name: `Check in ${josiane.full_name}` }).click();
    await expect(panel).toHaveAttribute('data-kind', 'not_confirmed');
    // Each refusal shows in the panel only: no toast repeats it.
    await expect(toast(page).filter({ hasText: 'has not confirmed attendance' })).toHaveCount(0);
    await expect(toast(page).filter({ hasText: 'is already checked in' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Check in anyway' }).click();
    await expect(panel).toHaveAttribute('data-tone', 'ok');
    await expect(panel).toContainText(josiane.full_name);

    await scannerBurst(page, 'ZZZZ9999');
    await expect(panel).toContainText('Unknown code');
    await page.waitForTimeout(300);
    await expect(toast(page).filter({ hasText: 'No participant of this event has this code.' })).toHaveCount(
      0,
    );

    const records = await checkInsOf(request, event.id);
    expect(records.map((r) => r.participant_id).sort()).toEqual([jose.id, josiane.id].sort());
  });

  test('offline, the name search works from the station’s list and the check-in syncs by participant id; Live is hidden while Offline', async ({
    page,
    context,
    request,
  }) => {
    const { api, event } = await eventUnderWay(request, 'Offline Name Door');
    const jose = await api.createParticipant(event.id, `José Offline ${suffix()}`);
    await api.confirm(event.id, jose.id);
    await openStation(page, event.id);
    await expect(page.getByTestId('live-status')).toHaveText('Live');

    await context.setOffline(true);
    await expect(page.getByTestId('station-network')).toHaveText('Offline');
    await expect(page.getByTestId('live-status')).toHaveCount(0);

    const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
    await field.focus();
    await field.pressSequentially('jose offl', { delay: 40 });
    const matches = page.getByTestId('name-matches');
    await expect(matches.getByTestId('name-match')).toContainText(jose.full_name);
    await matches.getByRole('button', { name: `Check in ${jose.full_name}` }).click();
    const panel = page.getByTestId('scan-result');
    await expect(panel).toHaveAttribute('data-tone', 'ok');
    await expect(panel).toContainText(jose.full_name);
    await expect(page.getByTestId('station-status')).toContainText('1 waiting to sync');
    // The list knows it at once: checked in here, waiting to sync.
    await field.pressSequentially('jose offl', { delay: 40 });
    await expect(matches).toContainText('waiting to sync');
    await field.fill('');

    await context.setOffline(false);
    await expect(page.getByTestId('sync-report')).toContainText(
      'Synced: 1 recorded, 0 already checked in elsewhere, 0 refused.',
    );
    const records = await checkInsOf(request, event.id);
    expect(records.map((r) => r.participant_id)).toEqual([jose.id]);
  });
});

test.describe('check-in station: a handheld scanner anywhere on the page', () => {
  test('a burst is checked in with the focus on the session selector or the page; one typed into Notes is not; parents of sub-sessions are not offered', async ({
    page,
    request,
  }) => {
    const { api, event } = await eventUnderWay(request, 'Scanner Door');
    const people = [];
    for (const name of ['Ada', 'Ben', 'Cleo']) {
      const p = await api.createParticipant(event.id, `${name} Scanner ${suffix()}`);
      await api.confirm(event.id, p.id);
      people.push(p);
    }
    const [ada, ben, cleo] = people;
    if (!ada || !ben || !cleo) throw new Error('no participants');
    const start = Date.now() + HOUR;
    const workshops = await api.createSession(event.id, {
      name: `Workshops ${suffix()}`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 2 * HOUR).toISOString(),
    });
    const { sub_sessions: groups } = await api.createSubSessions(workshops.id, {
      num_sub_sessions: 2,
      sub_session_type: 'concurrent',
    });
    await openStation(page, event.id);

    // The selector offers the sub-sessions, under their parent's name, and not the parent itself.
    const selector = page.getByRole('textbox', { name: 'Session', exact: true });
    await selector.click();
    const listbox = page.getByRole('listbox');
    // (Their names already say whose they are: "Workshops … - Group 1".)
    for (const g of groups) await expect(listbox.getByRole('option', { name: g.name })).toBeVisible();
    await expect(listbox.getByRole('option', { name: workshops.name, exact: true })).toHaveCount(0);
    await listbox.getByRole('option', { name: 'Main Event' }).click();
    await expect(listbox).toBeHidden();

    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expect(page.getByTestId('camera-video')).toBeVisible();
    const panel = page.getByTestId('scan-result');

    // The focus on the session selector: the burst is a scan, the selector stays as it was.
    await selector.focus();
    await scannerBurst(page, ada.unique_code);
    await expect(panel).toHaveAttribute('data-tone', 'ok');
    await expect(panel).toContainText(ada.full_name);
    await expect(listbox).toBeHidden();
    await expect(selector).toHaveValue('Main Event');

    // Clear takes the focus with it: it falls to the page.
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(panel).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await scannerBurst(page, ben.unique_code);
    await expect(panel).toContainText(ben.full_name);

    // Typed into Notes, the same keys are someone's note, not a scan.
    const notes = page.getByRole('textbox', { name: 'Notes', exact: true });
    await notes.click();
    await scannerBurst(page, cleo.unique_code);
    await expect(notes).toHaveValue(cleo.unique_code);
    await page.waitForTimeout(500);
    await expect(panel).not.toContainText(cleo.full_name);

    const records = await checkInsOf(request, event.id);
    expect(records.map((r) => r.participant_id).sort()).toEqual([ada.id, ben.id].sort());
  });
});
