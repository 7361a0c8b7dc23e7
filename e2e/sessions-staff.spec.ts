import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, fillStaffForm, STAFF, test, toast } from './fixtures';
import { Api, at, expectAccessible, futureDay, localInput, registerAs, suffix } from './sessions-api';

// The journeys type times into datetime-local inputs as UTC wall-clock times.
test.use({ timezoneId: 'UTC' });

function expectToast(page: Page, text: string) {
  return expect(toast(page).filter({ hasText: text })).toBeVisible();
}

/** The table row of a session, by its exact name. */
function sessionRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function signInAsStaff(page: Page) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('staff sessions', () => {
  test('build a programme: sessions, automatic and manual sub-sessions, edit and delete', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(20);
    const event = await api.createEvent({
      name: `Programme ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 20),
    });
    await signInAsStaff(page);
    await page.goto(`/dashboard/events/${event.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Sessions', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/sessions$`));
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
    for (const column of ['Session Name', 'Time', 'Location', 'Participants', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByText('No sessions found')).toBeVisible();
    // The table scrolls within 70% of the viewport height.
    const viewport = page.viewportSize();
    await expect(page.getByTestId('sessions-scroll')).toHaveCSS(
      'max-height',
      `${Math.round((viewport?.height ?? 0) * 0.7)}px`,
    );

    // Create Session: the client rules of document 2 §5.
    await page.getByRole('button', { name: '+ Create Session' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Session' });
    await expect(modal.getByLabel('Session is active')).toBeChecked();
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(modal.getByText('Session name is required')).toBeVisible();
    await expect(modal.getByText('Location is required')).toBeVisible();
    await expect(modal.getByText('Start time is required')).toBeVisible();
    await expect(modal.getByText('End time is required')).toBeVisible();

    await modal.getByLabel('Session Name').fill('Keynote');
    await modal.getByLabel('Location').fill('Main Hall');
    await modal.getByLabel('Start Time').fill(localInput(at(futureDay(-1), 9)));
    await modal.getByLabel('End Time').fill(localInput(at(day, 10)));
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(modal.getByText('Start time cannot be in the past')).toBeVisible();
    await modal.getByLabel('Start Time').fill(localInput(at(day, 11)));
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(modal.getByText('Start time cannot be after end time')).toBeVisible();

    // Equal times pass the form but not the server: its field error is shown as 'field: message'.
    await modal.getByLabel('Start Time').fill(localInput(at(day, 10)));
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(modal.getByRole('alert')).toHaveText('end_time: End time must be after start time');
    await expectToast(page, 'end_time: End time must be after start time');

    await modal.getByLabel('Start Time').fill(localInput(at(day, 9)));
    await modal.getByLabel('Description').fill('Opening talk.');
    await modal.getByLabel('Max Participants').fill('50');
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expectToast(page, 'Session created successfully');
    await expect(modal).toBeHidden();
    const keynote = sessionRow(page, 'Keynote');
    await expect(keynote).toContainText('Main Hall');
    await expect(keynote).toContainText('0/50');
    await expect(keynote).toContainText('Upcoming');
    await expect(keynote.getByRole('button', { name: 'Export' })).toHaveCount(0);

    // Two more sessions through the API, then automatic sub-sessions of one of them.
    await api.createSession(event.id, {
      name: 'Workshops',
      start_time: at(day, 11),
      end_time: at(day, 13),
      max_participants: 10,
    });
    await api.createSession(event.id, { name: 'Panels', start_time: at(day, 14), end_time: at(day, 16) });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Sessions refreshed successfully');

    const workshops = sessionRow(page, 'Workshops');
    await workshops.getByRole('button', { name: 'Sub-Sessions', exact: true }).click();
    const split = page.getByRole('dialog', { name: 'Create Sub-Sessions' });
    await expect(split.getByText('Sub-sessions of "Workshops"')).toBeVisible();
    await split.getByLabel('Number of Sub-Sessions').fill('3');
    await expect(split.getByLabel('Concurrent')).toBeChecked();
    const preview = split.getByTestId('sub-session-preview');
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(preview.getByRole('row', { name: /Workshops - Group 1/ })).toContainText('4');
    await expect(preview.getByRole('row', { name: /Workshops - Group 3/ })).toContainText('3');
    await split.getByLabel('Custom capacities').check();
    await split.getByLabel('Capacity of sub-session 1').fill('10');
    await expect(split.getByText('Exceeds parent capacity!')).toBeVisible();
    await expectAccessible(page);
    await split.getByLabel('Capacity of sub-session 1').fill('4');
    await expect(split.getByText('Exceeds parent capacity!')).toHaveCount(0);
    await split.getByLabel('Name Prefix (optional)').fill('Lab');
    await expect(preview.getByRole('row', { name: /Lab 2/ })).toBeVisible();
    await split.getByLabel('Name Prefix (optional)').fill('');
    await split.getByRole('button', { name: 'Create Sub-Sessions' }).click();
    await expectToast(page, 'Successfully created 3 sub-sessions');
    await expect(split).toBeHidden();

    await expect(workshops.getByTestId('sub-session-count')).toHaveText('3 sub-sessions');
    await expect(workshops.getByRole('button', { name: 'Sub-Sessions', exact: true })).toHaveCount(0);
    const group2 = page.getByRole('row', { name: /Workshops - Group 2/ });
    await expect(group2).toBeVisible();
    await expect(group2).toContainText('0/3');
    await expectAccessible(page);
    await workshops.getByRole('button', { name: 'Hide sub-sessions of Workshops' }).click();
    await expect(group2).toHaveCount(0);
    await workshops.getByRole('button', { name: 'Show sub-sessions of Workshops' }).click();
    await expect(group2).toBeVisible();

    // Manual sub-sessions of Panels, limited to its window.
    await sessionRow(page, 'Panels').getByRole('button', { name: 'Sub-Sessions', exact: true }).click();
    await split.getByText('Manual', { exact: true }).click();
    await split.getByRole('button', { name: 'Create Sub-Sessions' }).click();
    await expect(split.getByText('Please fill in all required fields for each sub-session')).toBeVisible();
    const first = split.getByRole('group', { name: 'Sub-session 1' });
    await first.getByLabel('Name').fill('Panel A');
    await first.getByLabel('End Time').fill(localInput(at(day, 15)));
    await split.getByRole('button', { name: '+ Add Another Sub-Session' }).click();
    const second = split.getByRole('group', { name: 'Sub-session 2' });
    await second.getByLabel('Name').fill('Panel B');
    await second.getByLabel('Location').fill('Room 2');
    await second.getByLabel('Start Time').fill(localInput(at(day, 15)));
    await second.getByLabel('End Time').fill(localInput(at(day, 17)));
    await second.getByLabel('Max Participants').fill('5');
    await split.getByRole('button', { name: 'Create Sub-Sessions' }).click();
    await expect(split.getByText(/^Sub-session times must be within the parent session/)).toBeVisible();
    await second.getByLabel('End Time').fill(localInput(at(day, 16)));
    // A third block, added and removed again.
    await split.getByRole('button', { name: '+ Add Another Sub-Session' }).click();
    await split.getByRole('group', { name: 'Sub-session 3' }).getByRole('button', { name: 'Remove' }).click();
    await expect(split.getByRole('group', { name: 'Sub-session 3' })).toHaveCount(0);
    await split.getByRole('button', { name: 'Create Sub-Sessions' }).click();
    await expectToast(page, 'Successfully created 2 sub-sessions');
    const panelB = page.getByRole('row', { name: /Panel B/ });
    await expect(panelB).toContainText('Room 2');
    await expect(panelB).toContainText('0/5');
    await expect(sessionRow(page, 'Panels').getByTestId('sub-session-count')).toHaveText('2 sub-sessions');

    // A row click opens the session; saving returns to the list.
    await keynote.getByRole('cell', { name: /Keynote/ }).click();
    await expect(page).toHaveURL(/\/sessions\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Keynote', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Session Name')).toHaveValue('Keynote');
    await expect(page.getByLabel('Max Participants')).toHaveValue('50');
    await page.getByLabel('End Time').fill(localInput(at(day, 8)));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('End time must be after start time')).toBeVisible();
    await page.getByLabel('End Time').fill(localInput(at(day, 10, 30)));
    await page.getByLabel('Session Name').fill('Opening Keynote');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Session updated successfully');
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/sessions$`));
    const opening = sessionRow(page, 'Opening Keynote');
    await expect(opening).toContainText('10:30 AM');

    // Edit opens the same page; Cancel goes back without saving.
    await opening.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Session Name').fill('Not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/sessions$`));
    await expect(opening).toBeVisible();

    // Deleting a parent removes its sub-sessions too.
    await sessionRow(page, 'Panels').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete session' });
    await expect(confirm).toContainText('Are you sure you want to delete this session?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Session deleted successfully');
    await expect(sessionRow(page, 'Panels')).toHaveCount(0);
    await expect(panelB).toHaveCount(0);
    await expect(opening).toBeVisible();
  });

  test('registrants: export them as .xlsx, see them per sub-session, unregister one', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(21);
    const event = await api.createEvent({
      name: `Registrants ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 20),
    });
    const grace = await api.createParticipant(event.id, 'Grace Uwimana');
    const eric = await api.createParticipant(event.id, 'Eric Nshuti');
    await api.confirm(event.id, grace.id);
    await api.confirm(event.id, eric.id);
    const talk = await api.createSession(event.id, {
      name: 'Data Quality Talk',
      start_time: at(day, 9),
      end_time: at(day, 10),
      max_participants: 30,
    });
    const labs = await api.createSession(event.id, {
      name: 'Labs',
      start_time: at(day, 11),
      end_time: at(day, 12),
      max_participants: 20,
    });
    const { sub_sessions: groups } = await api.createSubSessions(labs.id, {
      num_sub_sessions: 2,
      sub_session_type: 'concurrent',
    });
    const [labA, labB] = groups;
    if (!labA || !labB) throw new Error('two sub-sessions expected');
    await registerAs(request, event.event_code, grace, talk.id);
    await registerAs(request, event.event_code, eric, talk.id);
    await registerAs(request, event.event_code, grace, labB.id);

    await signInAsStaff(page);
    await page.goto(`/dashboard/events/${event.id}/sessions`);
    const row = sessionRow(page, 'Data Quality Talk');
    await expect(row).toContainText('2/30');
    await expect(sessionRow(page, 'Labs')).toContainText('1/20');

    // Export downloads session_participants_{id}.xlsx with one row per registrant.
    // The file is held back a moment so the 'generating' toast is seen before the done one replaces it.
    const exportUrl = /\/export_participants\//;
    await page.route(exportUrl, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Export' }).click();
    await expectToast(page, 'Generating Excel file...');
    const file = await download;
    await expectToast(page, 'Export ready: the Excel file has been downloaded.');
    await page.unroute(exportUrl);
    expect(file.suggestedFilename()).toBe(`session_participants_${talk.id}.xlsx`);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'attend-export-')), file.suggestedFilename());
    await file.saveAs(saved);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1, 4);
    expect(values(1)).toEqual(['Full Name', 'Email', 'Username']);
    const rows = [values(2), values(3)].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      [eric.full_name, eric.email, eric.username],
      [grace.full_name, grace.email, grace.username],
    ]);
    expect(sheet.rowCount).toBe(3);

    // The session page lists the registrants; Unregister removes one.
    await row.getByRole('cell', { name: /Data Quality Talk/ }).click();
    await expect(page.getByRole('heading', { name: 'Registered Participants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Participants' })).toHaveAttribute(
      'href',
      `/dashboard/events/${event.id}/participants`,
    );
    const ericRow = page.getByRole('row', { name: new RegExp(eric.full_name) });
    await expect(ericRow).toContainText(eric.email);
    await expect(ericRow).toContainText(eric.username);
    await expectAccessible(page);
    await ericRow.getByRole('button', { name: 'Unregister' }).click();
    // It asks first, naming the participant.
    const ask = page.getByRole('dialog', { name: 'Unregister participant' });
    await expect(ask).toContainText(`Unregister ${eric.full_name} from this session?`);
    await ask.getByRole('button', { name: 'Unregister' }).click();
    await expectToast(page, 'Participant unregistered successfully');
    await expect(ask).toBeHidden();
    await expect(ericRow).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(grace.full_name) })).toBeVisible();

    // A session with sub-sessions shows who registered for each of them.
    await page.getByRole('link', { name: 'Back to Sessions' }).click();
    await expect(row).toContainText('1/30');
    await sessionRow(page, 'Labs').getByText('Labs', { exact: true }).click();
    await expect(page.getByText('Registrations per Sub-Session')).toBeVisible();
    await expect(page.getByTestId(`sub-registrants-${labA.id}`)).toContainText(
      'No participants registered yet.',
    );
    const labBCard = page.getByTestId(`sub-registrants-${labB.id}`);
    await expect(labBCard).toContainText(labB.name);
    await expect(labBCard).toContainText('1 registered');
    await expect(labBCard.getByRole('row', { name: new RegExp(grace.full_name) })).toContainText(grace.email);
  });
});
