import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, fillParticipantForm, test } from './fixtures';
import { Api, at, expectAccessible, futureDay, registerAs, suffix } from './sessions-api';

test.use({ timezoneId: 'UTC' });

test('a participant adds their sessions to a calendar: downloads the .ics and sees the webcal address', async ({
  page,
  request,
}) => {
  const api = await Api.staff(request);
  const day = futureDay(40);
  const event = await api.createEvent({
    name: `Calendar Summit ${suffix()}`,
    start_date: at(day, 6),
    end_date: at(day, 20),
    time_zone: 'Africa/Nairobi',
  });
  const amani = await api.createParticipant(event.id, 'Amani Wekesa');
  await api.confirm(event.id, amani.id);
  const mine = await api.createSession(event.id, {
    name: 'Data, quality; and you',
    start_time: at(day, 9),
    end_time: at(day, 10, 30),
    location: 'Hall B',
  });
  await api.createSession(event.id, { name: 'Not for me', start_time: at(day, 11), end_time: at(day, 12) });
  await registerAs(request, event.event_code, amani, mine.id);

  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, amani.unique_code);
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
  await page.goto('/sessions');
  await page.getByRole('button', { name: 'Add to calendar' }).click();

  const address = page.getByLabel('Subscription address');
  await expect(address).toHaveValue(/^webcal:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  await expect(page.getByText('Sign out everywhere revokes it', { exact: false })).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .ics' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const zone of cal.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events.map((e) => e.summary)).toEqual(['Data, quality; and you']);
  expect(events[0]?.location).toBe('Hall B');
  expect(events[0]?.startDate.toJSDate().toISOString()).toBe(new Date(mine.start_time).toISOString());

  // The address answers the same calendar to a calendar app, without signing in.
  const url = (await address.inputValue()).replace(/^webcal:\/\/[^/]+/, '');
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Data\\, quality\\; and you');
});
