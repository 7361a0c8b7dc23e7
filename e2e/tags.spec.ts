import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { apiStaffToken, expect, fillParticipantForm, test } from './fixtures';
import {
  confirmAttendance,
  createEvent,
  createParticipants,
  expectToast,
  staffSignIn,
  uniqueSuffix,
} from './fixtures/participants';

async function readPng(download: Download): Promise<PNG> {
  const file = await download.path();
  return PNG.sync.read(await readFile(file));
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (png.width * y + x) * 4;
  return [png.data[i] ?? -1, png.data[i + 1] ?? -1, png.data[i + 2] ?? -1];
}

function near(actual: [number, number, number], hex: string, tolerance = 12): boolean {
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return actual.every((v, i) => Math.abs(v - (want[i] ?? 0)) <= tolerance);
}

/** Pixels of `png` inside the box that are close to `hex`. */
function countNear(png: PNG, hex: string, box: { x: number; y: number; w: number; h: number }): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) if (near(pixel(png, x, y), hex, 40)) n++;
  }
  return n;
}

async function setColour(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
  await input.blur();
}

test.describe('event tags', () => {
  test('staff design a tag, save it, find it kept after a reload, and export it as a 350 × 550 PNG', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Tag Studio ${uniqueSuffix()}`);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}`);
    await page.getByTestId('quick-action-tags').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/tag-design$`));
    await expect(page.getByRole('heading', { name: 'Design Event Tag' })).toBeVisible();
    const tag = page.getByTestId('event-tag');
    await expect(tag).toHaveAttribute('data-layout', 'modern');

    await setColour(page, 'Accent colour', '#d35400');
    await setColour(page, 'Text colour', '#1a237e');
    await page.getByText('Classic', { exact: true }).click();
    await expect(tag).toHaveAttribute('data-layout', 'classic');
    await page.getByText('Top right', { exact: true }).click();
    await page.getByText('Small (80 px)', { exact: true }).click();
    await page.getByRole('switch', { name: 'Show Organization' }).press('Space');
    await expect(page.getByRole('switch', { name: 'Show Organization' })).not.toBeChecked();
    const radius = page.getByRole('slider', { name: 'Border radius' });
    await radius.focus();
    for (let i = 0; i < 4; i++) await radius.press('ArrowRight');
    await expect(page.getByText('Border radius: 12 px')).toBeVisible();
    await expect(tag.getByText('Sample Organization')).toHaveCount(0);

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Back to Event' }).click();
    const leave = page.getByRole('dialog', { name: 'You have unsaved changes' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/tag-design$/);

    await page.getByRole('button', { name: 'Save Design' }).click();
    await expectToast(page, 'Tag design saved successfully');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Accent colour', exact: true })).toHaveValue('#d35400');
    await expect(page.getByRole('textbox', { name: 'Text colour', exact: true })).toHaveValue('#1a237e');
    await expect(page.getByRole('radio', { name: 'Classic' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Top right' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Show Organization' })).not.toBeChecked();
    await expect(page.getByText('Border radius: 12 px')).toBeVisible();
    await expect(page.getByTestId('event-tag')).toHaveAttribute('data-layout', 'classic');

    await page.getByRole('button', { name: 'Preview Tag' }).click();
    await expect(page.getByRole('button', { name: 'Back to Editor' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Accent colour', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to Editor' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Tag Design' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${event.name.replace(/ /g, '_')}.png`);
    const png = await readPng(download);
    expect([png.width, png.height]).toEqual([350, 550]);
    // Classic: the accent bar runs along the foot; the background is white; the name is in the text colour.
    expect(near(pixel(png, 175, 545), '#d35400'), `pixel 175,545 is ${pixel(png, 175, 545).join(',')}`).toBe(
      true,
    );
    expect(near(pixel(png, 175, 300), '#ffffff'), `pixel 175,300 is ${pixel(png, 175, 300).join(',')}`).toBe(
      true,
    );
    expect(countNear(png, '#1a237e', { x: 20, y: 100, w: 310, h: 200 })).toBeGreaterThan(50);
  });

  test('a participant sees the confirm prompt, confirms, and downloads a 700 × 1100 tag with their name in the text colour', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Badge Day ${uniqueSuffix()}`);
    const token = await apiStaffToken(request);
    const saved = await request.patch(`/api/events/${event.id}/`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { tag_text_color: '#b71c1c', tag_design: { layout: 'minimal' } },
    });
    expect(saved.status()).toBe(200);
    const [me] = await createParticipants(request, event.id, [
      { full_name: 'Grace Mukamana', email: `grace.${uniqueSuffix()}@example.org`, organization: 'UR' },
    ]);
    await page.goto('/login');
    await fillParticipantForm(page, event.event_code, me?.unique_code ?? '');
    await expect(page).toHaveURL(/\/event\/\d+$/);

    await page.goto(`/event/${event.id}/tag`);
    await expect(page.getByTestId('tag-title')).toHaveText(event.name);
    await expect(page.getByTestId('tag-participant-code')).toHaveText(`Unique Code: ${me?.unique_code}`);
    await expect(page.getByText('Welcome, Grace Mukamana!')).toBeVisible();
    await expect(page.getByTestId('tag-confirm-prompt')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stay Connected' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Download Event Tag' }).click();
    await expectToast(page, 'Event tag is not available for download');

    await page.getByRole('button', { name: 'Confirm Attendance' }).click();
    await expect(page.getByTestId('tag-qr-image')).toBeVisible();
    await expect(page.getByTestId('event-tag')).toHaveAttribute('data-layout', 'minimal');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Event Tag' }).click(),
    ]);
    await expectToast(page, 'Event tag download started');
    expect(download.suggestedFilename()).toBe(`event-tag-Grace_Mukamana-${me?.unique_code}.png`);
    const png = await readPng(download);
    expect([png.width, png.height]).toEqual([700, 1100]);
    // Scale 2 on black: the rounded corner shows the black behind; the name is drawn in the text colour.
    expect(near(pixel(png, 0, 0), '#000000'), `pixel 0,0 is ${pixel(png, 0, 0).join(',')}`).toBe(true);
    expect(countNear(png, '#b71c1c', { x: 60, y: 100, w: 600, h: 500 })).toBeGreaterThan(200);

    await page.getByRole('button', { name: 'Back' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
  });

  test('staff print the badges of every confirmed participant as a PDF from the participants page', async ({
    page,
    request,
  }) => {
    const event = await createEvent(request, `Print Run ${uniqueSuffix()}`);
    const people = await createParticipants(request, event.id, [
      { full_name: 'Aline Ingabire', email: `aline.${uniqueSuffix()}@example.org` },
      { full_name: 'Σωκράτης Παπαδόπουλος', email: `sokratis.${uniqueSuffix()}@example.org` },
    ]);
    await confirmAttendance(request, event.id, people);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await page.getByRole('button', { name: 'Print Badges' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print Badges' });
    await expect(dialog.getByRole('radio', { name: 'All confirmed participants (2)' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'One badge per page (badge printer)' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`badges-${event.event_code}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBe(2);
  });
});
