import { apiStaffToken, expect, fillParticipantForm, test } from './fixtures';
import {
  confirmAttendance,
  createEvent,
  createParticipants,
  expectToast,
  staffSignIn,
  uniqueSuffix,
} from './fixtures/participants';

test('staff set the rules and issue; the participant downloads theirs; the verify page shows valid, then withdrawn', async ({
  page,
  request,
}) => {
  const event = await createEvent(request, `Certificates ${uniqueSuffix()}`);
  const [came, stayed] = await createParticipants(request, event.id, [
    {
      full_name: 'Neema Mwakalinga',
      email: `neema.${uniqueSuffix()}@example.org`,
      organization: 'Muhimbili',
    },
    { full_name: 'Baraka Otieno', email: `baraka.${uniqueSuffix()}@example.org`, organization: 'KEMRI' },
  ]);
  const token = await apiStaffToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  await confirmAttendance(request, event.id, [came, stayed]);
  // Only Neema is checked in at the door.
  const checkIn = await request.post(`/api/events/${event.id}/check-in/`, {
    headers,
    data: { qr_code_data: came?.unique_code, session: null },
  });
  expect(checkIn.status()).toBe(201);

  await staffSignIn(page);
  await page.goto(`/dashboard/events/${event.id}/certificates`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${event.name} - Certificates`);
  const rowOf = (id: number | undefined) => page.getByTestId(`certificate-row-${id}`);
  await expect(rowOf(came?.id)).toContainText('No certificate rules are set');

  await page.getByRole('textbox', { name: 'Checked in at the door' }).click();
  await page.getByRole('option', { name: 'On at least one day' }).click();
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expectToast(page, 'Rules saved');
  await expect(rowOf(stayed?.id)).toContainText('Not checked in at the door');

  await page.getByRole('button', { name: 'Issue certificates' }).click();
  await expectToast(page, 'Issued: 1. Already issued: 0. Not qualified: 1.');
  await expect(rowOf(came?.id)).toContainText('Issued');
  await expect(page.getByTestId('certificate-preview')).toBeVisible();
  const verifyHref = await rowOf(came?.id).getByRole('link', { name: 'Verify' }).getAttribute('href');
  expect(verifyHref).toMatch(/^\/verify\/[23456789A-HJKMNP-Z]{12}$/);

  // The participant downloads theirs from the event page.
  const participant = await page.context().browser()?.newContext();
  if (!participant) throw new Error('no browser');
  const me = await participant.newPage();
  await me.goto('/login');
  await fillParticipantForm(me, event.event_code, came?.unique_code ?? '');
  await expect(me).toHaveURL(/\/event\/\d+$/);
  const [download] = await Promise.all([
    me.waitForEvent('download'),
    me.getByRole('button', { name: 'Download certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // Anyone, signed in or not, opens the verify page.
  const anyone = await page.context().browser()?.newContext();
  if (!anyone) throw new Error('no browser');
  const visitor = await anyone.newPage();
  await visitor.goto(verifyHref ?? '');
  await expect(visitor.getByTestId('verify-status')).toHaveText('Valid certificate');
  await expect(visitor.getByTestId('verify-holder')).toHaveText('Neema Mwakalinga');
  await expect(visitor.getByTestId('verify-event')).toHaveText(event.name);

  await rowOf(came?.id).getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expectToast(page, 'Certificate withdrawn');
  await visitor.reload();
  await expect(visitor.getByTestId('verify-status')).toHaveText('This certificate was withdrawn');
  await visitor.goto('/verify/ABCDEFGHJKMN');
  await expect(visitor.getByTestId('verify-status')).toHaveText('No certificate has this number');
  await participant.close();
  await anyone.close();
});
