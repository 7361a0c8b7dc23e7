import ExcelJS from 'exceljs';
import { apiStaffToken, expect, postSignIn, SCANNER, test } from './fixtures';
import { staffSignIn } from './fixtures/participants';
import { Api, at, expectAccessible, futureDay, suffix } from './sessions-api';

/**
 * Issue 35, point 8: an event's activity page shows who did what and when (check-in undone,
 * confirmation undone, login code reset, messages force-retried, staff access changed), filters it
 * and exports it.
 */
test('an admin reads, filters and exports an event’s activity', async ({ page, request }) => {
  test.slow();
  const api = await Api.staff(request);
  const day = futureDay(4);
  const event = await api.createEvent({
    name: `Activity Forum ${suffix()}`,
    start_date: at(day, 7),
    end_date: at(day, 18),
    time_zone: 'Africa/Kigali',
  });
  const felix = await api.createParticipant(event.id, 'Felix Habimana');
  const grace = await api.createParticipant(event.id, 'Grace Ingabire');
  const headers = { Authorization: `Bearer ${await apiStaffToken(request)}` };
  const call = async (method: 'post' | 'delete' | 'patch', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };

  // The actions, each once.
  await api.confirm(event.id, felix.id);
  const door = await call('post', `/api/events/${event.id}/check-in/`, {
    qr_code_data: felix.unique_code,
    session: null,
  });
  await call('delete', `/api/events/${event.id}/check-ins/${String(door?.id)}/`);
  await api.confirm(event.id, grace.id);
  await call('post', `/api/events/${event.id}/participants/${grace.id}/undo_confirmation/`, {
    reason: 'Registered twice',
  });
  await call('post', `/api/events/${event.id}/participants/${felix.id}/reset-code/`);
  const staffList = (await api.get<{ id: number; username: string; role: string; event_ids: number[] }[]>(
    '/api/accounts/staff/',
  )) as { id: number; username: string; role: string; event_ids: number[] }[];
  const scanner = staffList.find((s) => s.username === SCANNER.username);
  if (!scanner) throw new Error('no scanner account');
  await call('patch', `/api/accounts/staff/${scanner.id}/`, {
    role: 'scanner',
    event_ids: [...scanner.event_ids, event.id],
  });

  await staffSignIn(page);
  await page.goto(`/dashboard/events/${event.id}`);
  await page.getByRole('navigation', { name: /event/i }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/activity$`));
  await expect(page.getByRole('heading', { level: 1, name: `${event.name} - Activity` })).toBeVisible();

  const rows = page.getByTestId('activity-row');
  const rowOf = (action: string) =>
    rows.filter({ has: page.getByRole('cell', { name: action, exact: true }) });
  await expect(rowOf('Check-in undone')).toContainText('Felix Habimana');
  await expect(rowOf('Check-in undone')).toContainText(/Main Event, checked in .* by staff/);
  await expect(rowOf('Confirmation undone')).toContainText('Reason: Registered twice');
  await expect(rowOf('Login code reset')).toContainText('Felix Habimana');
  await expect(rowOf('Staff access changed')).toContainText(SCANNER.username);
  await expect(rowOf('Staff access changed')).toContainText('Given this event as Scanner');
  // Times are the event's (Kigali), named when the browser is elsewhere (the journeys run in UTC).
  await expect(rowOf('Login code reset').getByRole('cell').first()).toContainText('CAT');
  await expectAccessible(page);

  // Filter by action, then by who; the address keeps the filters.
  await page.getByRole('textbox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'Confirmation undone' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/action=participant.unconfirm/);
  await page.getByRole('textbox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await page.getByRole('textbox', { name: 'Done by', exact: true }).click();
  await page.getByRole('option', { name: 'staff', exact: true }).click();
  await expect(page).toHaveURL(/actor=\d+/);
  await expect(rowOf('Check-in undone')).toBeVisible();

  // Following a participant narrows to them.
  await rowOf('Login code reset').getByRole('link', { name: 'Felix Habimana' }).click();
  await expect(page).toHaveURL(new RegExp(`/participants/${felix.id}$`));
  // The link sits under the history tables: wait for them, so it no longer moves.
  await expect(page.getByTestId('participant-check-ins')).toBeVisible();
  await page.getByRole('link', { name: 'View this participant’s activity log' }).click();
  await expect(page.getByTestId('participant-filter')).toContainText('Only Felix Habimana');
  await expect(rowOf('Confirmation undone')).toHaveCount(0);
  await expect(rowOf('Check-in undone')).toBeVisible();

  // Export: an .xlsx of what is shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`activity-${event.id}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const values = (book.getWorksheet('Activity')?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
  const actions = values.slice(1).map((r) => r[2]);
  expect(actions).toContain('check_in.undone');
  expect(actions).toContain('participant.reset_code');
  expect(actions).not.toContain('participant.unconfirm');
});

test('the activity page is refused to a scanner', async ({ request }) => {
  const api = await Api.staff(request);
  const day = futureDay(5);
  const event = await api.createEvent({
    name: `Guarded ${suffix()}`,
    start_date: at(day, 7),
    end_date: at(day, 18),
  });
  const login = await postSignIn(request, '/api/auth/token/', SCANNER);
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const res = await request.get(`/api/events/${event.id}/activity/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(res.status()).toBe(403);
});
