import type { Page } from '@playwright/test';
import { expect, fillParticipantForm, test, toast } from './fixtures';
import {
  Api,
  at,
  expectAccessible,
  futureDay,
  registerAs,
  suffix,
  type CreatedEvent,
  type CreatedParticipant,
} from './sessions-api';

// Day headings and times are shown in the viewer's time zone: UTC here, like the server's messages.
test.use({ timezoneId: 'UTC' });

function expectToast(page: Page, text: string) {
  // The newest: the same message from a moment ago may still be fading out.
  return expect(toast(page).filter({ hasText: text }).last()).toBeVisible();
}

/** 'MMM dd, yyyy, h:mm a' in UTC (document 2 §9), as the server words its conflict message. */
function shown(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'UTC',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

function dayHeading(date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

async function signIn(page: Page, event: CreatedEvent, participant: CreatedParticipant) {
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, participant.unique_code);
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
}

/** A session card by the session's name. */
function card(page: Page, name: string) {
  return page
    .locator('[data-testid^="session-card-"]')
    .filter({ has: page.getByText(name, { exact: true }) });
}

test.describe('participant sessions', () => {
  test('register, hit a time clash, meet a full session, choose one sub-session, unregister', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(30);
    const nextDay = futureDay(31);
    const event = await api.createEvent({
      name: `Summit ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(nextDay, 20),
    });
    const nadia = await api.createParticipant(event.id, 'Nadia Mukamana');
    const olivier = await api.createParticipant(event.id, 'Olivier Habimana');
    await api.confirm(event.id, nadia.id);
    await api.confirm(event.id, olivier.id);
    const plenary = await api.createSession(event.id, {
      name: 'Morning Plenary',
      start_time: at(day, 9),
      end_time: at(day, 10),
    });
    await api.createSession(event.id, {
      name: 'Clinic Visit',
      start_time: at(day, 9, 30),
      end_time: at(day, 10, 30),
    });
    const seminar = await api.createSession(event.id, {
      name: 'Small Seminar',
      start_time: at(day, 11),
      end_time: at(day, 12),
      max_participants: 1,
    });
    const breakouts = await api.createSession(event.id, {
      name: 'Breakouts',
      start_time: at(day, 14),
      end_time: at(day, 15),
      max_participants: 10,
    });
    const { sub_sessions: groups } = await api.createSubSessions(breakouts.id, {
      num_sub_sessions: 2,
      sub_session_type: 'concurrent',
    });
    const [group1] = groups;
    if (!group1) throw new Error('sub-sessions expected');
    await api.createSession(event.id, {
      name: 'Day Two Opening',
      start_time: at(nextDay, 9),
      end_time: at(nextDay, 10),
    });
    // The seminar's only place goes to someone else first.
    await registerAs(request, event.event_code, olivier, seminar.id);

    await signIn(page, event, nadia);
    // The participant layout's Home link leads to their event.
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/event/${event.id}`);

    // Participant dashboard: greeting and the event card.
    await page.goto('/dashboard/participant');
    await expect(page.getByRole('heading', { name: `Welcome, ${nadia.full_name}!` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    const eventCard = page.getByTestId(`event-card-${event.id}`);
    await expect(eventCard).toContainText(event.name);
    await expect(eventCard).toContainText('Kigali Conference Centre');
    await expect(eventCard).toContainText('Confirmed');
    await eventCard.click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));

    await page.goto('/sessions');
    await expect(page.getByRole('heading', { name: 'Available Sessions', level: 1 })).toBeVisible();
    await expect(page.getByText('Please confirm your event attendance first')).toHaveCount(0);
    // Grouped by day, then by start time: the first day and its first slot start open.
    const firstDay = page.getByRole('button', { name: new RegExp(`^${dayHeading(day)}`) });
    const secondDay = page.getByRole('button', { name: new RegExp(`^${dayHeading(nextDay)}`) });
    await expect(firstDay).toHaveAttribute('aria-expanded', 'true');
    await expect(secondDay).toHaveAttribute('aria-expanded', 'false');
    // The day's count reads as written: one session, not '1 SESSIONS'.
    await expect(secondDay).toContainText('1 session');
    await expect(secondDay).not.toContainText(/sessions/i);
    await expect(card(page, 'Morning Plenary')).toBeVisible();
    await expect(card(page, 'Clinic Visit')).toBeHidden();
    await expect(card(page, 'Day Two Opening')).toBeHidden();

    await card(page, 'Morning Plenary').getByRole('button', { name: 'Register for Morning Plenary' }).click();
    await expectToast(page, 'Successfully registered for session');
    await expect(card(page, 'Morning Plenary').getByText('Registered', { exact: true })).toBeVisible();

    // A time clash the page already knows: Register is disabled, with the server's sentence beside it.
    await page.getByRole('button', { name: '9:30 AM' }).click();
    const clinic = card(page, 'Clinic Visit');
    const clash = `Cannot register for "Clinic Visit" as it conflicts with "Morning Plenary" (${shown(plenary.start_time)} - ${shown(plenary.end_time)} UTC) which you are already registered for.`;
    await expect(clinic.getByTestId('clash-hint')).toHaveText(clash);
    const clinicRegister = clinic.getByRole('button', { name: 'Register for Clinic Visit' });
    await expect(clinicRegister).toBeDisabled();
    await expect(clinicRegister).toHaveAccessibleDescription(clash);
    await expect(clinic.getByText('Registered', { exact: true })).toHaveCount(0);

    // A full session cannot be registered for: its waiting list is offered instead.
    await page.getByRole('button', { name: '11:00 AM' }).click();
    const small = card(page, 'Small Seminar');
    await expect(small.getByText('Full', { exact: true })).toBeVisible();
    await expect(small.getByText('Capacity: 1')).toBeVisible();
    await expect(small.getByText('Available slots: 0')).toBeVisible();
    await expect(small.getByRole('button', { name: 'Register for Small Seminar' })).toHaveCount(0);
    const smallJoin = small.getByRole('button', { name: 'Join the waiting list of Small Seminar' });
    await expect(small.getByTestId('full-hint')).toHaveText('This session is full. No places are left.');
    await expect(smallJoin).toHaveAccessibleDescription('This session is full. No places are left.');
    await expectAccessible(page);

    // A session split into sub-sessions: choose one of them; they are not listed on their own.
    await page.getByRole('button', { name: '2:00 PM' }).click();
    const group = page.getByTestId(`session-group-${breakouts.id}`);
    await expect(group.getByText('Choose one sub-session')).toBeVisible();
    await expect(page.getByText('Breakouts - Group 1', { exact: true })).toHaveCount(1);
    await expect(card(page, 'Breakouts - Group 1').getByText('Available slots: 5')).toBeVisible();
    await card(page, 'Breakouts - Group 1')
      .getByRole('button', { name: 'Register for Breakouts - Group 1' })
      .click();
    await expectToast(page, 'Successfully registered for session');
    await expect(card(page, 'Breakouts - Group 1').getByText('Available slots: 4')).toBeVisible();
    const other = card(page, 'Breakouts - Group 2');
    await expect(other.getByTestId('clash-hint')).toHaveText(
      `Cannot register for "Breakouts - Group 2" as it conflicts with "Breakouts - Group 1 (same session group)" (${shown(group1.start_time)} - ${shown(group1.end_time)} UTC) which you are already registered for.`,
    );
    await expect(other.getByRole('button', { name: 'Register for Breakouts - Group 2' })).toBeDisabled();

    // My Sessions lists only what the participant registered for.
    await page.getByText('My Sessions', { exact: true }).click();
    await expect(card(page, 'Morning Plenary')).toBeVisible();
    await page.getByRole('button', { name: '2:00 PM' }).click();
    await expect(card(page, 'Breakouts - Group 1')).toBeVisible();
    await expect(card(page, 'Breakouts - Group 2')).toHaveCount(0);
    await expect(card(page, 'Clinic Visit')).toHaveCount(0);
    await expect(card(page, 'Small Seminar')).toHaveCount(0);

    await card(page, 'Morning Plenary')
      .getByRole('button', { name: 'Unregister from Morning Plenary' })
      .click();
    await expectToast(page, 'Successfully unregistered from session');
    await expect(card(page, 'Morning Plenary')).toHaveCount(0);

    // Without the clash the other session is open again.
    await page.getByText('All Sessions', { exact: true }).click();
    await page.getByRole('button', { name: '9:30 AM' }).click();
    await expect(card(page, 'Clinic Visit').getByTestId('clash-hint')).toHaveCount(0);
    await card(page, 'Clinic Visit').getByRole('button', { name: 'Register for Clinic Visit' }).click();
    await expectToast(page, 'Successfully registered for session');
    await secondDay.click();
    await expect(card(page, 'Day Two Opening')).toBeVisible();
  });

  test('a participant whose attendance is pending sees the hint and cannot register', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(32);
    const event = await api.createEvent({
      name: `Pending ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 20),
    });
    const paul = await api.createParticipant(event.id, 'Paul Nkurunziza');
    await api.createSession(event.id, {
      name: 'Welcome Talk',
      start_time: at(day, 9),
      end_time: at(day, 10),
    });

    await signIn(page, event, paul);
    await page.goto('/dashboard/participant');
    await expect(page.getByTestId(`event-card-${event.id}`)).toContainText('Pending');
    await page.goto('/sessions');
    await expect(page.getByText('Please confirm your event attendance first')).toBeVisible();
    await expectAccessible(page);
    await expect(
      card(page, 'Welcome Talk').getByRole('button', { name: 'Register for Welcome Talk' }),
    ).toBeDisabled();
  });

  test('the dashboard of a participant whose event is over has no upcoming events', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(-5);
    const event = await api.createEvent({
      name: `Past ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 20),
    });
    const rita = await api.createParticipant(event.id, 'Rita Uwase');

    await signIn(page, event, rita);
    await page.goto('/dashboard/participant');
    await expect(page.getByRole('heading', { name: `Welcome, ${rita.full_name}!` })).toBeVisible();
    await expect(page.getByText('No upcoming events')).toBeVisible();
    await expect(page.getByText('You are not registered for any events yet.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/sessions');
    await expect(page.getByText('No sessions available for this event.')).toBeVisible();
  });
});
