/**
 * The organiser's guide's screenshots (docs/guide/img/), taken while walking an organiser's day on
 * the real app: create an event and its sessions, import participants from an .xlsx file, design
 * the badge, send login details, run the door station and the kiosk, read the DSA report, and a
 * participant's phone (390 × 844). Run by `npm run docs:screenshots`; every run overwrites the
 * images, so the guide shows the screens as they are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  apiStaffToken,
  expect,
  fillParticipantForm,
  fillStaffForm,
  postSignIn,
  STAFF,
  test,
  toast,
} from '../e2e/fixtures';
import { workbook } from '../e2e/fixtures/participants';
import { at, futureDay, localInput } from '../e2e/sessions-api';

const IMG = path.resolve(import.meta.dirname, '..', 'docs', 'guide', 'img');
const DAY = 24 * 60 * 60 * 1000;
const EVENT_NAME = 'Kigali Health Forum';
const KIOSK_PIN = '2468';

/** Toasts and the blinking caret are left out of every picture. */
const HIDE = '.mantine-Notifications-root { display: none !important; }';

/** The page has drawn its content: no loader or skeleton left (the check-in pages never go network-idle). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      Array.from(
        document.querySelectorAll<HTMLElement>('.mantine-Loader-root, .mantine-Skeleton-root'),
      ).every((el) => el.closest('button') !== null || el.offsetParent === null) &&
      Array.from(document.images).every((img) => img.complete),
    undefined,
    { timeout: 20_000 },
  );
}

async function shoot(target: Page | Locator, name: string, fullPage = false): Promise<void> {
  await settled('page' in target ? target.page() : target);
  // A page from its top (a focused field may have scrolled it).
  if (!('page' in target)) await target.evaluate(() => window.scrollTo(0, 0));
  await target.screenshot({
    path: path.join(IMG, name),
    animations: 'disabled',
    caret: 'hide',
    style: HIDE,
    ...(fullPage ? { fullPage } : {}),
  });
}

const PEOPLE = [
  ['Alice Uwimana', 'CHUK', 'Doctor', '+250788000101', 'en'],
  ['Bosco Ndayisaba', 'Ministry of Health', 'Data officer', '+250788000102', 'en'],
  ['Claudine Mukamana', 'RBC', 'Epidemiologist', '+250788000103', 'fr'],
  ['Daudi Mwangi', 'KEMRI', 'Researcher', '+254712000104', 'sw'],
  ['Esther Achieng', 'Aga Khan University', 'Nurse', '+254712000105', 'sw'],
  ['François Habimana', 'University of Rwanda', 'Lecturer', '+250788000106', 'fr'],
] as const;

test.use({ timezoneId: 'UTC' });

test('an organiser’s day, in screenshots', async ({ page, browser, request }, testInfo) => {
  mkdirSync(IMG, { recursive: true });
  const today = futureDay(0);

  // Sign in: the staff dashboard.
  await page.goto('/dashboard/login');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await shoot(page, 'staff-login.png');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Create the event.
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await page.getByRole('button', { name: 'Create Event' }).click();
  const create = page.getByRole('dialog', { name: 'Create Event' });
  await create.getByLabel('Event Name').fill(EVENT_NAME);
  await create.getByLabel('Start Date').fill(localInput(at(today, 8)));
  await create.getByLabel('End Date').fill(localInput(at(new Date(today.getTime() + 2 * DAY), 17)));
  await create.getByLabel('Location').fill('Kigali Convention Centre');
  await shoot(create, 'create-event.png');
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(toast(page).filter({ hasText: 'Event created successfully' })).toBeVisible();
  await expect(create).toBeHidden();
  // The newest event of that name (a retry of this journey on the same server made one before).
  const token = await apiStaffToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const events = (await (await request.get('/api/events/?page_size=100', { headers })).json()) as {
    results: { id: number; name: string }[];
  };
  const eventId = Math.max(...events.results.filter((e) => e.name === EVENT_NAME).map((e) => e.id));
  await page.goto(`/dashboard/events/${eventId}`);
  await expect(page.getByRole('heading', { name: EVENT_NAME, level: 1 })).toBeVisible();
  await shoot(page, 'event.png');

  // Sessions (tomorrow: the form refuses a start in the past): one through the form, two more
  // through the API.
  const tomorrow = new Date(today.getTime() + DAY);
  await page.goto(`/dashboard/events/${eventId}/sessions`);
  await page.getByRole('button', { name: '+ Create Session' }).click();
  const session = page.getByRole('dialog', { name: 'Create Session' });
  await session.getByLabel('Session Name').fill('Opening plenary');
  await session.getByLabel('Location').fill('Auditorium');
  await session.getByLabel('Start Time').fill(localInput(at(tomorrow, 9)));
  await session.getByLabel('End Time').fill(localInput(at(tomorrow, 10)));
  await session.getByLabel('Max Participants').fill('200');
  await shoot(session, 'create-session.png');
  await session.getByRole('button', { name: 'Create Session' }).click();
  await expect(session).toBeHidden();
  const sessionIds: number[] = [];
  for (const [name, from, to, room] of [
    ['Data for decisions', 10.5, 12, 'Room A'],
    ['Community health workers', 13, 14.5, 'Room B'],
  ] as const) {
    const res = await request.post(`/api/events/${eventId}/sessions/`, {
      headers,
      data: {
        name,
        location: room,
        start_time: at(tomorrow, from),
        end_time: at(tomorrow, to),
        max_participants: 60,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    sessionIds.push(((await res.json()) as { id: number }).id);
  }
  await page.reload();
  await expect(page.getByText('Community health workers').first()).toBeVisible();
  await shoot(page, 'sessions.png');

  // Import the participants from an Excel file, with the preview.
  const sheet = testInfo.outputPath('participants.xlsx');
  writeFileSync(
    sheet,
    await workbook(
      PEOPLE.map(([full_name, organization, job_title, phone, language]) => ({
        full_name,
        email: `${full_name
          .split(' ')[0]
          ?.toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}@example.org`,
        organization,
        job_title,
        phone,
        language,
      })),
    ),
  );
  await page.goto(`/dashboard/events/${eventId}/participants`);
  await page
    .getByTestId('participants-empty')
    .getByRole('button', { name: 'Import from an Excel file' })
    .click();
  const upload = page.getByRole('dialog', { name: 'Bulk Upload' });
  await upload.locator('input[type=file]').setInputFiles(sheet);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByTestId('preview-created')).toHaveText(String(PEOPLE.length));
  await shoot(upload, 'import-preview.png');
  const results = page.waitForEvent('download');
  await upload.getByRole('button', { name: 'Create only' }).click();
  await results;
  if (await upload.isVisible()) await page.keyboard.press('Escape');
  await expect(upload).toBeHidden();

  // Confirm attendance of all but one, and register some for sessions (as they would themselves).
  const list = await request.get(`/api/events/${eventId}/participants/?page_size=100`, { headers });
  const people = (
    (await list.json()) as { results: { id: number; full_name: string; unique_code: string }[] }
  ).results;
  expect(people).toHaveLength(PEOPLE.length);
  const byName = (name: string) => {
    const found = people.find((p) => p.full_name === name);
    if (!found) throw new Error(`${name} was not imported`);
    return found;
  };
  for (const person of people.filter((p) => p.full_name !== 'François Habimana')) {
    const res = await request.post(`/api/events/${eventId}/participants/${person.id}/confirm_attendance/`, {
      headers,
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Alice Uwimana' }).first()).toBeVisible();
  await shoot(page, 'participants.png', true);

  // The badge.
  await page.goto(`/dashboard/events/${eventId}/tag-design`);
  await expect(page.getByRole('button', { name: 'Save Design' })).toBeVisible();
  await shoot(page, 'tag-design.png');
  await page.goto(`/dashboard/events/${eventId}/participants`);
  await page.getByRole('button', { name: 'Print Badges' }).click();
  const badges = page.getByRole('dialog', { name: 'Print Badges' });
  await expect(badges.getByText('All confirmed participants', { exact: false })).toBeVisible();
  await shoot(badges, 'print-badges.png');
  await badges.getByRole('button', { name: 'Cancel' }).click();

  // Send the login details.
  await page.getByRole('button', { name: 'Select Not Notified' }).click();
  await page.getByRole('button', { name: `Send Selected (${PEOPLE.length})` }).click();
  const send = page.getByRole('dialog', { name: 'Send Notifications' });
  await expect(send.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await shoot(send, 'send-login-details.png');
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await send.getByRole('button', { name: 'Done' }).click();

  // Volunteers at the door: the Staff Access page.
  await page.goto('/dashboard/staff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'staff-access.png');

  // Registrations and a session check-in, so the DSA report has something to show.
  const alice = byName('Alice Uwimana');
  const daudi = byName('Daudi Mwangi');
  // The phone's pictures are Alice's (English; Daudi's stored language is Swahili).
  const eventCode = (
    (await (await request.get(`/api/events/${eventId}/`, { headers })).json()) as { event_code: string }
  ).event_code;
  for (const person of [alice, daudi]) {
    // Participants register themselves: signed in with their codes, as on their phone.
    const login = await postSignIn(request, '/api/auth/login/', {
      event_code: eventCode,
      unique_code: person.unique_code,
    });
    expect(login.status(), await login.text()).toBe(200);
    const { access } = (await login.json()) as { access: string };
    for (const sessionId of sessionIds) {
      const res = await request.post(`/api/sessions/${sessionId}/register/${person.id}/`, {
        headers: { Authorization: `Bearer ${access}` },
        data: {},
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  const sessionScan = await request.post(`/api/events/${eventId}/check-in/`, {
    headers,
    data: { qr_code_data: alice.unique_code, session: sessionIds[0], notes: '' },
  });
  expect([201, 409], await sessionScan.text()).toContain(sessionScan.status());

  // The door station: a handheld scanner types a code and presses Enter.
  await page.goto(`/dashboard/events/${eventId}/check-in`);
  const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
  await expect(field).toBeFocused();
  await page.keyboard.type(alice.unique_code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText('Checked in');
  await shoot(page, 'door-station.png');

  // The kiosk.
  await page.getByRole('button', { name: 'Kiosk mode' }).click();
  await page.getByLabel('PIN (4 to 8 digits)').fill(KIOSK_PIN);
  await page.getByLabel('Repeat the PIN').fill(KIOSK_PIN);
  await shoot(page.getByRole('dialog'), 'kiosk-start.png');
  await page.getByRole('button', { name: 'Start kiosk' }).click();
  await expect(page.getByRole('textbox', { name: 'Unique Code' })).toBeVisible();
  await shoot(page, 'kiosk.png');
  await page.getByRole('button', { name: 'Exit kiosk' }).click();
  await page.getByLabel('PIN', { exact: true }).fill(KIOSK_PIN);
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Kiosk mode' })).toBeVisible();

  // The DSA report.
  await page.goto(`/dashboard/events/${eventId}/dsa-report`);
  await page.getByLabel(/^Day/).fill(tomorrow.toISOString().slice(0, 10));
  await expect(page.getByText('Alice Uwimana').first()).toBeVisible();
  await shoot(page, 'dsa-report.png');

  // The dashboard, once the day has numbers.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await shoot(page, 'dashboard.png');

  // A participant's phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'UTC',
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const mobile = await phone.newPage();
  await mobile.goto('/login');
  await fillParticipantForm(mobile, eventCode, alice.unique_code);
  await expect(mobile).toHaveURL(new RegExp(`/event/${eventId}$`));
  await expect(mobile.getByRole('heading', { name: EVENT_NAME }).first()).toBeVisible();
  await shoot(mobile, 'participant-event.png');
  await mobile.goto('/sessions');
  await expect(mobile.getByRole('heading', { name: 'Available Sessions', level: 1 })).toBeVisible();
  await shoot(mobile, 'participant-sessions.png');
  await mobile.goto('/qr-code');
  await expect(mobile.getByRole('img', { name: /QR/ }).first()).toBeVisible();
  await shoot(mobile, 'participant-qr.png');
  await phone.close();
});
