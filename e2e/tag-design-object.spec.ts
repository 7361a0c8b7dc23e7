import { PNG } from 'pngjs';
import { expect, fillParticipantForm, test } from './fixtures';
import {
  confirmAttendance,
  createEvent,
  createParticipants,
  expectToast,
  staffSignIn,
  uniqueSuffix,
} from './fixtures/participants';

/** A 40 × 40 magenta PNG. */
function magenta(): Buffer {
  const png = new PNG({ width: 40, height: 40 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([255, 0, 255, 255], i);
  return PNG.sync.write(png);
}

test('staff size the name, hide the organisation and add a background image; the participant’s tag draws it', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, `Tag Object ${uniqueSuffix()}`);
  const [me] = await createParticipants(request, event.id, [
    {
      full_name: 'Aline Uwera',
      email: `aline.${uniqueSuffix()}@example.org`,
      organization: 'Rwanda Biomedical Centre',
    },
  ]);
  await confirmAttendance(request, event.id, [me]);

  await staffSignIn(page);
  await page.goto(`/dashboard/events/${event.id}/tag-design`);
  const tag = page.getByTestId('event-tag');
  await expect(tag.locator('[data-role="organization"]')).toHaveCount(1);

  await expect(page.getByText('Name size: 32 px')).toBeVisible();
  const nameSize = page.getByRole('slider', { name: 'Name size' });
  await nameSize.focus();
  for (let i = 0; i < 8; i++) await nameSize.press('ArrowRight');
  await expect(page.getByText('Name size: 40 px')).toBeVisible();
  await page.getByRole('switch', { name: 'Show Organization' }).click();
  await expect(tag.locator('[data-role="organization"]')).toHaveCount(0);

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Upload Image' }).click(),
  ]);
  await chooser.setFiles({ name: 'background.png', mimeType: 'image/png', buffer: magenta() });
  await expectToast(page, 'Image uploaded');
  await page
    .getByRole('radiogroup', { name: 'Image position' })
    .getByText('Background', { exact: true })
    .click();
  await page.getByRole('radiogroup', { name: 'Image size' }).getByText('Large', { exact: true }).click();
  await expect(tag.getByTestId('tag-image')).toHaveAttribute('data-fit', 'cover');
  await page.getByRole('button', { name: 'Save Design' }).click();
  await expectToast(page, 'Tag design saved successfully');

  await page.reload();
  await expect(page.getByText('Name size: 40 px')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Show Organization' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Background', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Large', exact: true })).toBeChecked();
  await expect(tag.getByTestId('tag-image')).toBeVisible();
  await expect(tag.locator('[data-role="name"]').first()).toHaveCSS('font-size', '40px');

  await page.context().clearCookies();
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, me?.unique_code ?? '');
  await expect(page).toHaveURL(/\/event\/\d+$/);
  await page.goto(`/event/${event.id}/tag`);
  const mine = page.getByTestId('event-tag');
  await expect(mine.getByTestId('tag-qr-image')).toBeVisible();
  const image = mine.getByTestId('tag-image');
  await expect(image).toHaveAttribute('data-fit', 'cover');
  // Drawn from the uploaded file (kept as data for the PNG), covering the whole tag.
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(image).toHaveCSS('width', '350px');
  await expect(mine.locator('[data-role="name"]').first()).toHaveText('Aline Uwera');
  await expect(mine.locator('[data-role="name"]').first()).toHaveCSS('font-size', '40px');
  await expect(mine.locator('[data-role="organization"]')).toHaveCount(0);
  await expect(mine).not.toContainText('Rwanda Biomedical Centre');
});
