import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiStaffToken, expect, fillStaffForm, SCANNER, STAFF, test, toast } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

const DAY = 24 * 60 * 60 * 1000;
/** The mark lib/print-badge.ts sets just before it opens the print dialog. */
const PRINT_MARK = 'badge-print-dialog';
/** The 3.5 × 5.5 in badge in PDF points, as pdfinfo prints it. */
const BADGE_SIZE = '252 x 396 pts';

/** An event under way (check-in is open), with the door settings given, and one confirmed participant. */
async function doorEvent(request: APIRequestContext, settings: Record<string, boolean> = {}) {
  const api = await Api.staff(request);
  const token = await apiStaffToken(request);
  const today = futureDay(0);
  const event = await api.createEvent({
    name: `Door ${suffix()}`,
    start_date: at(today, 0),
    end_date: new Date(today.getTime() + 2 * DAY).toISOString(),
  });
  if (Object.keys(settings).length > 0) {
    const res = await request.patch(`/api/events/${event.id}/`, {
      data: settings,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
  }
  const confirmed = await api.createParticipant(event.id, `Grace Mukamana ${suffix()}`);
  await api.confirm(event.id, confirmed.id);
  return { event, confirmed, token };
}

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, who.username, who.password);
  await expect(page).toHaveURL(/\/dashboard(\/check-in)?$/);
}

/** How many times the station asked for the print dialog. */
function printMarks(page: Page): Promise<number> {
  return page.evaluate((name) => performance.getEntriesByName(name).length, PRINT_MARK);
}

/**
 * The badge PDFs the station fetches, as they pass (a streamed answer's body is not kept by the
 * browser's network log, so the journey takes it on the way).
 */
async function captureBadges(
  page: Page,
): Promise<{ url: string; status: number; type: string; body: Buffer }[]> {
  const seen: { url: string; status: number; type: string; body: Buffer }[] = [];
  await page.route('**/badge.pdf', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    seen.push({
      url: route.request().url(),
      status: response.status(),
      type: response.headers()['content-type'] ?? '',
      body,
    });
    await route.fulfill({ response, body });
  });
  return seen;
}

/** One page the badge's size, with the participant's name. */
function expectBadgePdf(pdf: { status: number; type: string; body: Buffer }, name: string) {
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'attend-door-'));
  try {
    const file = path.join(dir, 'badge.pdf');
    writeFileSync(file, pdf.body);
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info.status, `pdfinfo (node scripts/ensure-poppler.mjs installs it): ${info.stderr}`).toBe(0);
    expect(info.stdout).toMatch(/^Pages:\s+1$/m);
    expect(info.stdout).toMatch(new RegExp(`^Page size:\\s+${BADGE_SIZE}`, 'm'));
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('the door: walk-ins and badges', () => {
  test.beforeEach(async ({ page }) => {
    // No real print dialog in a journey: every frame's print() only counts (the mark is set before it).
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
  });

  test('an admin adds a walk-in, sees them checked in, and prints their badge', async ({ page, request }) => {
    const { event } = await doorEvent(request);
    const badges = await captureBadges(page);
    await signIn(page, STAFF);
    await page.goto(`/dashboard/events/${event.id}/check-in`);

    const name = `Walk In ${suffix()}`;
    await page.getByRole('button', { name: 'Add walk-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add walk-in' });
    await expect(dialog).toContainText('checked in at Main Event');
    await dialog.getByRole('textbox', { name: 'Full Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add and check in' }).click();
    await expect(dialog).toContainText('Please enter a valid email address');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`${name.replace(/\W+/g, '.')}@example.org`);
    await dialog.getByRole('textbox', { name: 'Organization' }).fill('Ministry of Health');
    await dialog.getByRole('button', { name: 'Add and check in' }).click();
    await expect(dialog).toBeHidden();

    const panel = page.getByTestId('scan-result');
    await expect(panel).toContainText('Checked in');
    await expect(panel).toContainText(name);
    await expect(toast(page).filter({ hasText: `${name} checked in successfully!` })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(name);

    // One click prints the badge: fetched with the station's sign-in, then the print dialog.
    await panel.getByRole('button', { name: 'Print badge' }).click();
    await expect.poll(() => printMarks(page)).toBe(1);
    // Printed from the frame, not the new-tab fallback.
    await expect(page.getByTestId('badge-print-frame')).toBeAttached();
    expect(page.context().pages()).toHaveLength(1);
    expect(badges).toHaveLength(1);
    expectBadgePdf(badges[0] ?? { status: 0, type: '', body: Buffer.alloc(0) }, name);
  });

  test('with "print the badge at each door check-in", a scan prints the badge by itself', async ({
    page,
    request,
  }) => {
    const { event, confirmed } = await doorEvent(request, { print_badge_on_check_in: true });
    const badges = await captureBadges(page);
    await signIn(page, STAFF);
    await page.goto(`/dashboard/events/${event.id}/check-in`);
    await expect(page.getByText('Badges print automatically after each check-in at the door.')).toBeVisible();

    const field = page.getByRole('textbox', { name: 'Unique Code', exact: true });
    await field.fill(confirmed.unique_code);
    await field.press('Enter');
    await expect(page.getByTestId('scan-result')).toContainText('Checked in');
    await expect.poll(() => printMarks(page)).toBe(1);
    expect(badges.map((b) => b.url)).toEqual([
      expect.stringContaining(`/participants/${confirmed.id}/badge.pdf`),
    ]);
    expectBadgePdf(badges[0] ?? { status: 0, type: '', body: Buffer.alloc(0) }, confirmed.full_name);
  });

  test('a scanner sees Add walk-in only where the event allows walk-ins by scanners', async ({
    page,
    request,
  }) => {
    const forbidden = await doorEvent(request);
    const allowed = await doorEvent(request, { allow_walk_ins_by_scanners: true });
    const headers = { Authorization: `Bearer ${forbidden.token}` };
    const staff = (await (await request.get('/api/accounts/staff/', { headers })).json()) as {
      id: number;
      username: string;
      event_ids: number[];
    }[];
    const scanner = staff.find((s) => s.username === SCANNER.username);
    if (!scanner) throw new Error('the e2e server seeds the scanner account');
    const granted = await request.patch(`/api/accounts/staff/${scanner.id}/`, {
      headers,
      data: { role: 'scanner', event_ids: [...scanner.event_ids, forbidden.event.id, allowed.event.id] },
    });
    expect(granted.status()).toBe(200);

    await signIn(page, SCANNER);
    await page.goto(`/dashboard/events/${forbidden.event.id}/check-in`);
    await expect(page.getByRole('heading', { name: `${forbidden.event.name} - Check-In` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Unique Code', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add walk-in' })).toHaveCount(0);

    await page.goto(`/dashboard/events/${allowed.event.id}/check-in`);
    await expect(page.getByRole('heading', { name: `${allowed.event.name} - Check-In` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add walk-in' })).toBeVisible();
  });

  test('the DSA rule round-trips through the event form and words the notes; the report opens on the event day', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    // Three days starting in ten days, in Nairobi: before it starts, the report opens on its first day.
    const first = futureDay(10);
    const event = await api.createEvent({
      name: `DSA ${suffix()}`,
      start_date: at(first, 6),
      end_date: at(first, 2 * 24 + 14),
      time_zone: 'Africa/Nairobi',
    });
    await signIn(page, STAFF);
    await page.goto(`/dashboard/events/${event.id}`);
    await page.getByRole('button', { name: 'Edit Event' }).click();
    const dsa = page.getByRole('textbox', { name: 'DSA sessions per day' });
    await expect(dsa).toHaveValue('4');
    await dsa.fill('3');
    await page.getByRole('checkbox', { name: 'Scanners may add walk-ins' }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('attend 3 sessions per day')).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: 'Edit Event' }).click();
    await expect(page.getByRole('textbox', { name: 'DSA sessions per day' })).toHaveValue('3');
    await expect(page.getByRole('checkbox', { name: 'Scanners may add walk-ins' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Print the badge at each door check-in' }),
    ).not.toBeChecked();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'DSA report' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/dsa-report$`));
    await expect(page.getByLabel(/^Day/)).toHaveValue(first.toISOString().slice(0, 10));
    await expect(page.getByText(/3 sessions/).first()).toBeVisible();
  });
});
