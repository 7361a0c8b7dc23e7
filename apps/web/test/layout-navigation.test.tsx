import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ParticipantLayout } from '../src/app/layouts/participant-layout';
import { StaffLayout } from '../src/app/layouts/staff-layout';
import { expireSession, startSession } from '../src/lib/auth-session';
import { participantUser } from './fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

const EVENT = 42;

/** The staff layout around stand-in pages at the paths the app has, opened at `path`. */
function renderStaff(path: string) {
  const page = (name: string) => () => <h1>{name}</h1>;
  return renderRoutes(
    [
      {
        Component: StaffLayout,
        children: [
          { path: '/dashboard/events', Component: page('Events') },
          { path: '/dashboard/events/:eventId', Component: page('Overview page') },
          { path: '/dashboard/events/:eventId/participants', Component: page('Participants page') },
          {
            path: '/dashboard/events/:eventId/participants/:participantId',
            Component: page('One participant'),
          },
          { path: '/dashboard/events/:eventId/sessions', Component: page('Sessions page') },
          { path: '/dashboard/events/:eventId/check-in', Component: page('Check-in page') },
        ],
      },
    ],
    path,
  );
}

const eventNav = () => screen.getByRole('navigation', { name: 'Event' });

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
}

describe('staff: the event navigation', () => {
  afterEach(() => expireSession());

  it('lists the nine areas of the event with their addresses and marks the current one', async () => {
    startSession(accessToken(), staffUser);
    renderStaff(`/dashboard/events/${EVENT}/participants`);
    await screen.findByRole('heading', { name: 'Participants page' });
    expect(linksOf(eventNav())).toEqual([
      ['Overview', `/dashboard/events/${EVENT}`, null],
      ['Participants', `/dashboard/events/${EVENT}/participants`, 'page'],
      ['Sessions', `/dashboard/events/${EVENT}/sessions`, null],
      ['Check-in', `/dashboard/events/${EVENT}/check-in`, null],
      ['DSA report', `/dashboard/events/${EVENT}/dsa-report`, null],
      ['Certificates', `/dashboard/events/${EVENT}/certificates`, null],
      ['Tag design', `/dashboard/events/${EVENT}/tag-design`, null],
      ['Messages', `/dashboard/events/${EVENT}/messages`, null],
      ['Activity', `/dashboard/events/${EVENT}/activity`, null],
    ]);
  });

  it('marks Overview only on the overview, and an area on the pages under it', async () => {
    startSession(accessToken(), staffUser);
    const { router } = renderStaff(`/dashboard/events/${EVENT}`);
    await screen.findByRole('heading', { name: 'Overview page' });
    const current = () =>
      within(eventNav())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page')
        .map((a) => a.textContent);
    expect(current()).toEqual(['Overview']);

    await act(() => router.navigate(`/dashboard/events/${EVENT}/participants/5`));
    await screen.findByRole('heading', { name: 'One participant' });
    expect(current()).toEqual(['Participants']);

    // Following a link of the navigation moves the mark with it.
    await userEvent.click(within(eventNav()).getByRole('link', { name: 'Sessions' }));
    await screen.findByRole('heading', { name: 'Sessions page' });
    expect(current()).toEqual(['Sessions']);
  });

  it('is not shown off an event, nor to a scanner (check-in only)', async () => {
    startSession(accessToken(), staffUser);
    const { unmount } = renderStaff('/dashboard/events');
    await screen.findByRole('heading', { name: 'Events' });
    expect(screen.queryByRole('navigation', { name: 'Event' })).toBeNull();
    unmount();

    startSession(accessToken(), { ...staffUser, role: 'scanner', event_ids: [EVENT] });
    renderStaff(`/dashboard/events/${EVENT}/check-in`);
    await screen.findByRole('heading', { name: 'Check-in page' });
    expect(screen.queryByRole('navigation', { name: 'Event' })).toBeNull();
  });
});

describe("staff: Help, the organiser's guide", () => {
  // A laptop: the header shows its links (below Mantine's lg they move into the menu).
  beforeEach(() => (window as unknown as SizedWindow).happyDOM.setViewport({ width: 1280, height: 800 }));
  afterEach(() => {
    (window as unknown as SizedWindow).happyDOM.setViewport({ width: 1024, height: 768 });
    expireSession();
  });

  it('is in the main navigation of admins and scanners, in their language, and leads to /guide/', async () => {
    startSession(accessToken(), staffUser);
    const { unmount } = renderStaff('/dashboard/events');
    await screen.findByRole('heading', { name: 'Events' });
    const help = () =>
      screen
        .getAllByRole('navigation', { name: 'Main' })
        .flatMap((nav) => within(nav).queryAllByRole('link', { name: 'Help' }));
    expect(help().map((a) => a.getAttribute('href'))).toContain('/guide/');
    unmount();

    startSession(accessToken(), { ...staffUser, role: 'scanner', event_ids: [EVENT] });
    renderStaff(`/dashboard/events/${EVENT}/check-in`);
    await screen.findByRole('heading', { name: 'Check-in page' });
    expect(help().map((a) => a.getAttribute('href'))).toContain('/guide/');
  });
});

/** happy-dom's window, whose size Mantine's hidden-from/visible-from media queries are matched against. */
type SizedWindow = Window & { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };

describe('participant: the phone menu', () => {
  // A phone: the header's links give way to the menu button.
  beforeEach(() => (window as unknown as SizedWindow).happyDOM.setViewport({ width: 390, height: 844 }));
  afterEach(() => {
    (window as unknown as SizedWindow).happyDOM.setViewport({ width: 1024, height: 768 });
    expireSession();
  });

  it('reaches everything of theirs: their event (Home), Sessions, My QR code and My tag', async () => {
    startSession(accessToken({ is_staff: false, is_participant: true }), participantUser);
    renderRoutes(
      [
        {
          Component: ParticipantLayout,
          children: [
            { path: '/event/:eventId', Component: () => <h1>Event</h1> },
            { path: '/qr-code', Component: () => <h1>QR page</h1> },
          ],
        },
      ],
      `/event/${participantUser.event.id}`,
    );
    await screen.findByRole('heading', { name: 'Event' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(menu).getByRole('navigation', { name: 'Main' });
    const eventId = participantUser.event.id;
    expect(linksOf(nav)).toEqual([
      ['Home', `/event/${eventId}`, 'page'],
      ['Sessions', '/sessions', null],
      ['My QR code', '/qr-code', null],
      ['My tag', `/event/${eventId}/tag`, null],
    ]);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(menu).getByRole('combobox', { name: 'Language' })).toBeTruthy();

    // A link leads away and closes the menu.
    await userEvent.click(within(nav).getByRole('link', { name: 'My QR code' }));
    await screen.findByRole('heading', { name: 'QR page' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});

/**
 * Width media queries answered from the window's width, with their change events (test/render.tsx
 * answers every query with "no match", which is a phone here).
 */
function widthQueries() {
  const sized = window as unknown as SizedWindow;
  const stub = window.matchMedia;
  const listeners = new Set<{ query: string; last: boolean; call: (e: { matches: boolean }) => void }>();
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return !!min && window.innerWidth >= Number(min[1]) * 16;
  };
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      addEventListener: (_: string, call: (e: { matches: boolean }) => void) =>
        listeners.add({ query, last: matches(query), call }),
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
  return {
    resize(width: number) {
      sized.happyDOM.setViewport({ width, height: 800 });
      for (const l of listeners) {
        if (matches(l.query) === l.last) continue;
        l.last = !l.last;
        l.call({ matches: l.last });
      }
    },
    restore() {
      window.matchMedia = stub;
      sized.happyDOM.setViewport({ width: 1024, height: 768 });
    },
  };
}

describe('participant: the header draws what its width shows', () => {
  let queries: ReturnType<typeof widthQueries>;
  beforeEach(() => (queries = widthQueries()));
  afterEach(() => {
    queries.restore();
    expireSession();
  });

  function renderParticipant() {
    startSession(accessToken({ is_staff: false, is_participant: true }), participantUser);
    renderRoutes(
      [
        {
          Component: ParticipantLayout,
          children: [{ path: '/event/:eventId', Component: () => <h1>Event</h1> }],
        },
      ],
      `/event/${participantUser.event.id}`,
    );
  }

  it('a wide screen: the links, language and Logout, and no menu button', async () => {
    queries.resize(1024);
    renderParticipant();
    await screen.findByRole('heading', { name: 'Event' });
    const header = screen.getByRole('banner');
    expect(linksOf(within(header).getByRole('navigation', { name: 'Main' })).map(([name]) => name)).toEqual([
      'Home',
      'Sessions',
      'My QR code',
      'My tag',
    ]);
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('a phone: the menu button only, and the links once the width grows', async () => {
    queries.resize(390);
    renderParticipant();
    await screen.findByRole('heading', { name: 'Event' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(within(header).queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Logout' })).toBeNull();

    act(() => queries.resize(1200));
    await waitFor(() => expect(within(header).queryByRole('button', { name: 'Open menu' })).toBeNull());
    expect(within(header).getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
