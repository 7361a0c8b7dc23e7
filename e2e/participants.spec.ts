import AxeBuilder from '@axe-core/playwright';
import { writeFile } from 'node:fs/promises';
import { apiStaffToken, expect, test } from './fixtures';
import {
  createEvent,
  expectToast,
  createParticipants,
  imageLoaded,
  readWorkbook,
  staffSignIn,
  uniqueSuffix,
  workbook,
} from './fixtures/participants';

test.describe('participants page (staff)', () => {
  test('staff add a participant: required fields, the unique code toast, duplicates, search', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Add Participant Workshop ${uniqueSuffix()}`);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await expect(page.getByRole('heading', { level: 1, name: `${event.name} - Participants` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeVisible();
    await expect(page.getByText('No participants found')).toBeVisible();
    await expect(page.getByTestId('stat-total-value')).toHaveText('0');

    await page.getByRole('button', { name: 'Add Participant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Participant' });
    await expect(dialog.getByLabel('Username')).toHaveAttribute(
      'placeholder',
      'Leave blank to auto-generate from email',
    );
    await dialog.getByRole('button', { name: 'Add Participant' }).click();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();

    await dialog.getByLabel('Full Name').fill('Grace Mukamana');
    await dialog.getByLabel('Email').fill('grace.mukamana@example.org');
    await dialog.getByLabel('Phone').fill('+250788123456');
    await dialog.getByLabel('Organization').fill('Butaro Hospital');
    await dialog.getByLabel('Job Title').fill('Midwife');
    await dialog.getByRole('button', { name: 'Add Participant' }).click();
    await expectToast(page, /^Participant created successfully\. Their unique code is: [A-Z2-9]{8}$/);
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('participant-row').filter({ hasText: 'Grace Mukamana' });
    await expect(row).toContainText('@grace.mukamana');
    await expect(row).toContainText('+250788123456');
    await expect(row).toContainText('Butaro Hospital');
    await expect(row).toContainText('Midwife');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Not Sent');
    await expect(row.getByRole('button', { name: 'Confirm Attendance' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'View QR Code' })).toHaveCount(0);
    await expect(page.getByTestId('stat-total-value')).toHaveText('1');
    await expect(page.getByTestId('stat-pending-value')).toHaveText('1');

    // The same e-mail again: the server's message, the modal stays open.
    await page.getByRole('button', { name: 'Add Participant' }).click();
    await dialog.getByLabel('Full Name').fill('Grace M.');
    await dialog.getByLabel('Email').fill('Grace.Mukamana@example.org');
    await dialog.getByRole('button', { name: 'Add Participant' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'A participant with this email address already exists for this event.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Server-side search, case-insensitive, on organisation too.
    await createParticipants(request, event.id, [
      { full_name: 'Eric Nshimiyimana', email: 'eric@example.org', organization: 'Rwanda Biomedical Centre' },
    ]);
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByTestId('participant-row')).toHaveCount(2);
    const search = page.getByRole('searchbox', { name: 'Search participants' });
    await search.fill('biomedical');
    await expect(page.getByTestId('participant-row')).toHaveCount(1);
    await expect(page.getByTestId('participant-row')).toContainText('Eric Nshimiyimana');
    await search.fill('nobody-here');
    await expect(page.getByText('No participants found')).toBeVisible();
  });

  test('bulk upload: template, a preview before anything is saved, Create only, then Cancel and Create and update', async ({
    page,
    request,
  }, testInfo) => {
    const event = await createEvent(request, `Bulk Upload Workshop ${uniqueSuffix()}`);
    const file = testInfo.outputPath('participants.xlsx');
    await writeFile(
      file,
      await workbook([
        {
          full_name: 'Alice Uwimana',
          email: 'alice.uwimana@example.org',
          organization: 'CHUK',
          job_title: 'Doctor',
        },
        {
          full_name: 'Bosco Ndayisaba',
          email: 'bosco@example.org',
          username: 'bosco.n',
          phone: '+250788000222',
        },
        { full_name: 'No Email', email: '' },
        { full_name: 'Bad Email', email: 'not-an-email' },
      ]),
    );
    const wrongType = testInfo.outputPath('participants.csv');
    await writeFile(wrongType, 'full_name,email\nA,a@example.org\n');

    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    // The empty list points to Add Participant and Bulk Upload.
    await page
      .getByTestId('participants-empty')
      .getByRole('button', { name: 'Import from an Excel file' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    await expect(dialog.getByText('Required columns: full_name and email')).toBeVisible();
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    expect((await templateDownload).suggestedFilename()).toBe('participants_template.xlsx');
    await expect(
      dialog.getByText('Optional columns: username, phone, organization, job_title'),
    ).toBeVisible();
    await expect(dialog.getByText('The first row holds the headers.')).toBeVisible();

    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a file to upload');

    const input = dialog.locator('input[type=file]');
    await input.setInputFiles(wrongType);
    await expect(dialog.getByRole('alert')).toHaveText('Only .xlsx and .xls files are accepted.');

    await input.setInputFiles(file);
    await expect(dialog.getByTestId('bulk-upload-file')).toContainText('participants.xlsx');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    // The preview: nothing saved yet.
    await expect(dialog.getByTestId('preview-created')).toHaveText('2');
    await expect(dialog.getByTestId('preview-errors')).toHaveText('2');
    await expect(dialog.getByText('No existing participant would change.')).toBeVisible();
    await expect(page.getByTestId('stat-total-value')).toHaveText('0');
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Create only' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^participants_results_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectToast(
      page,
      'Bulk upload completed with some issues. Created: 2, Updated: 0, Errors: 2. See the downloaded file for details.',
    );
    await expect(dialog.getByTestId('bulk-upload-errors')).toContainText('Row 4');
    await expect(dialog.getByTestId('bulk-upload-errors')).toContainText('Row 5');

    const saved = testInfo.outputPath('results.xlsx');
    await download.saveAs(saved);
    const rows = await readWorkbook(saved);
    expect(rows.map((r) => [r.row, r.email, r.status])).toEqual([
      ['2', 'alice.uwimana@example.org', 'Created'],
      ['3', 'bosco@example.org', 'Created'],
      ['4', '', 'Error'],
      ['5', 'not-an-email', 'Error'],
    ]);
    expect(rows[0]?.unique_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(rows[1]?.username).toBe('bosco.n');
    expect(rows[2]?.message).toContain('Email is required');
    expect(rows[3]?.message).toContain('Please enter a valid email address');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('stat-total-value')).toHaveText('2');
    await expect(page.getByTestId('participant-row')).toHaveCount(2);

    // On a phone: a file that renames Alice. The preview shows the change; Cancel saves nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    const clean = testInfo.outputPath('clean.xlsx');
    await writeFile(
      clean,
      await workbook([
        { full_name: 'Alice M. Uwimana', email: 'alice.uwimana@example.org', job_title: 'Surgeon' },
        { full_name: 'Claude Habyarimana', email: 'claude@example.org' },
      ]),
    );
    const alice = page.getByTestId('participant-row').filter({ hasText: 'alice.uwimana@example.org' });
    for (const choice of ['Cancel', 'Create and update'] as const) {
      await page.getByRole('button', { name: 'Bulk Upload', exact: true }).click();
      await dialog.locator('input[type=file]').setInputFiles(clean);
      await dialog.getByRole('button', { name: 'Upload' }).click();
      const change = dialog.getByTestId('bulk-upload-change');
      await expect(change).toContainText('Name: Alice Uwimana → Alice M. Uwimana');
      await expect(change).toContainText('Job title: Doctor → Surgeon');
      await expect(dialog.getByTestId('preview-created')).toHaveText('1');
      await expect(dialog.getByTestId('preview-updated')).toHaveText('1');
      if (choice === 'Cancel') {
        const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
        const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => v.id)).toEqual([]);
        const width = await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(width).toBe(true);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await expect(alice).toContainText('Alice Uwimana');
        await expect(page.getByTestId('stat-total-value')).toHaveText('2');
      } else {
        const second = page.waitForEvent('download');
        await dialog.getByRole('button', { name: 'Create and update' }).click();
        await second;
        await expectToast(page, 'Bulk upload successful. Created: 1, Updated: 1 participants.');
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('stat-total-value')).toHaveText('3');
        await expect(alice).toContainText('Alice M. Uwimana');
      }
    }
  });

  test('staff confirm a selection, confirm one, open the QR modal, export, edit and delete', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Confirm Workshop ${uniqueSuffix()}`);
    const people = await createParticipants(request, event.id, [
      { full_name: 'Ange Mutesi', email: 'ange@example.org' },
      { full_name: 'Patrick Mugabo', email: 'patrick@example.org' },
      { full_name: 'Olivier Kamanzi', email: 'olivier@example.org' },
      { full_name: 'Diane Ingabire', email: 'diane@example.org' },
    ]);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await expect(page.getByTestId('participant-row')).toHaveCount(4);

    // Sending needs a selection.
    await page.getByRole('button', { name: 'Send Selected (0)' }).click();
    await expectToast(page, 'Please select at least one participant');

    await page.getByRole('button', { name: 'Confirm Selected (0)' }).click();
    await expectToast(page, 'Please select participants to confirm');

    // Nobody has been notified yet: "Select Not Notified" takes all four.
    await page.getByRole('button', { name: 'Select Not Notified' }).click();
    await expect(page.getByRole('button', { name: 'Send Selected (4)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Selected (4)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Selection' }).click();

    // One by hand, then "Select Not Confirmed" picks the other three.
    await page.getByRole('checkbox', { name: 'Select Ange Mutesi' }).check();
    await expect(page.getByRole('button', { name: 'Confirm Selected (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select Ange Mutesi' })).not.toBeChecked();

    const diane = page.getByTestId('participant-row').filter({ hasText: 'Diane Ingabire' });
    await diane.getByRole('button', { name: 'Confirm Attendance' }).click();
    // One row's confirm asks first too (issue 35).
    await page
      .getByRole('dialog', { name: 'Confirm attendance' })
      .getByRole('button', { name: 'Confirm Attendance' })
      .click();
    await expectToast(page, 'Attendance confirmed successfully');
    await expect(diane).toContainText('Confirmed');

    await page.getByRole('button', { name: 'Select Not Confirmed' }).click();
    await expect(page.getByRole('button', { name: 'Confirm Selected (3)' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select Diane Ingabire' })).not.toBeChecked();
    // Select-all then adds Diane: every participant is selected.
    await page.getByRole('checkbox', { name: 'Select all participants' }).click();
    await expect(page.getByRole('button', { name: 'Confirm Selected (4)' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Selected (4)' }).click();
    // It asks first, with the count; Cancel changes nothing.
    const ask = page.getByRole('dialog', { name: 'Confirm attendance' });
    await expect(ask).toContainText('Confirm the attendance of 4 participants?');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('stat-confirmed-value')).toHaveText('1');
    await page.getByRole('button', { name: 'Confirm Selected (4)' }).click();
    await ask.getByRole('button', { name: 'Confirm 4' }).click();
    await expectToast(page, 'Bulk confirmation completed: 3 newly confirmed, 1 already confirmed, 0 errors');
    await expect(ask).toBeHidden();
    await expect(page.getByRole('button', { name: 'Confirm Selected (0)' })).toBeVisible();
    await expect(page.getByTestId('stat-confirmed-value')).toHaveText('4');
    await expect(page.getByTestId('stat-pending-value')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Confirm Attendance' })).toHaveCount(0);

    // QR modal: name, e-mail, code, a real image, and the download.
    const ange = people[0];
    if (!ange) throw new Error('no participant');
    await page
      .getByTestId('participant-row')
      .filter({ hasText: 'Ange Mutesi' })
      .getByRole('button', { name: 'View QR Code' })
      .click();
    const qr = page.getByRole('dialog', { name: 'QR Code' });
    await expect(qr).toContainText('Ange Mutesi');
    await expect(qr).toContainText('ange@example.org');
    await expect(qr).toContainText(ange.unique_code);
    await expect(qr.getByRole('img', { name: 'QR code of Ange Mutesi' })).toBeVisible();
    await expect.poll(() => imageLoaded(page, '[data-testid=qr-modal] img')).toBe(true);
    const qrDownload = page.waitForEvent('download');
    await qr.getByRole('button', { name: 'Download QR Code' }).click();
    expect((await qrDownload).suggestedFilename()).toBe(`qr-code-Ange_Mutesi-${ange.unique_code}.png`);
    await expectToast(page, 'QR Code download started');
    await qr.getByRole('button', { name: 'Close' }).click();

    // Export: the info toast and the zip.
    // The zip is held back a moment so the 'please wait' toast is seen before the done one replaces it.
    const exportUrl = /\/participants\/export\//;
    await page.route(exportUrl, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV & QR Codes' }).click();
    await expectToast(page, 'Generating export file, please wait...');
    expect((await zip).suggestedFilename()).toBe('participants_export.zip');
    await expectToast(page, 'Export ready: participants_export.zip has been downloaded.');
    await page.unroute(exportUrl);

    // Edit from the row: the detail page opens in edit mode.
    await page
      .getByTestId('participant-row')
      .filter({ hasText: 'Patrick Mugabo' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/participants/\\d+$`));
    await expect(page.getByLabel('Username')).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill('patrick.mugabo@example.org');
    await page.getByLabel('Organization').fill('University of Rwanda');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Participant updated successfully! Username and QR code preserved.');
    await expect(page.getByRole('region', { name: 'Basic Information' })).toContainText(
      'patrick.mugabo@example.org',
    );
    await expect(page.getByRole('region', { name: 'Basic Information' })).toContainText(
      'University of Rwanda',
    );
    await expect(page.getByRole('region', { name: 'Login Information' })).toContainText('Confirmed');
    await expect(page.getByRole('region', { name: 'QR Code' }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Participant' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Login Details' })).toBeEnabled();

    // Delete, back on the list.
    await page.getByRole('link', { name: /Back to Participants/ }).click();
    await page
      .getByTestId('participant-row')
      .filter({ hasText: 'Olivier Kamanzi' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete participant' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Participant deleted successfully');
    await expect(page.getByTestId('participant-row')).toHaveCount(3);
    await expect(page.getByTestId('stat-total-value')).toHaveText('3');
  });

  test('the list is paged on the server; the detail page shows login information', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Paging Workshop ${uniqueSuffix()}`);
    const token = await apiStaffToken(request);
    const rows = Array.from({ length: 55 }, (_, i) => ({
      full_name: `Participant ${String(i + 1).padStart(2, '0')}`,
      email: `p${i + 1}@example.org`,
    }));
    const upload = await request.post(`/api/events/${event.id}/participants/bulk_upload/`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: {
          name: 'many.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await workbook(rows),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);

    await staffSignIn(page);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/participants\/\?/.test(r.url())) listCalls.push(r.url());
    });
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await expect(page.getByTestId('participant-row')).toHaveCount(50);
    await expect(page.getByTestId('participants-range')).toHaveText('Showing 1–50 of 55');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByTestId('participant-row')).toHaveCount(5);
    await expect(page.getByTestId('participants-range')).toHaveText('Showing 51–55 of 55');
    expect(listCalls.every((u) => new URL(u).searchParams.get('page_size') === '50')).toBe(true);
    expect(listCalls.some((u) => new URL(u).searchParams.get('page') === '2')).toBe(true);

    const listAxe = await new AxeBuilder({ page }).analyze();
    const listBad = listAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(listBad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Select-all takes every matching participant, not only the page on screen.
    await page.getByRole('checkbox', { name: 'Select all participants' }).click();
    await expect(page.getByRole('button', { name: 'Confirm Selected (55)' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all participants' }).click();
    await expect(page.getByRole('button', { name: 'Confirm Selected (0)' })).toBeVisible();

    await page.getByRole('link', { name: 'Participant 55' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Participant 55' })).toBeVisible();
    const login = page.getByRole('region', { name: 'Login Information' });
    await expect(login.getByTestId('unique-code')).toHaveText(/^[A-Z2-9]{8}$/);
    await expect(login).toContainText('Pending');
    await expect(login).toContainText('Not Sent');
    // No raw event id (issue 35): the language, sessions and check-ins instead.
    await expect(page.getByRole('region', { name: 'Event Information' })).not.toContainText('Event ID');
    await expect(page.getByRole('region', { name: 'Basic Information' })).toContainText('English');
    await expect(page.getByTestId('participant-check-ins')).toContainText('Not checked in yet');
    await expect(page.getByRole('region', { name: 'QR Code' })).toHaveCount(0);

    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
