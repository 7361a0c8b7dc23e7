import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARTICIPANT_PAGE_SIZE, type TParticipantPage } from '@attend/shared';
import { ParticipantsPage } from '../src/features/participants/routes/participants-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { server } from './msw';
import { EVENT_ID, eventDetail, participant } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

const BASE = `/api/events/${EVENT_ID}/participants/`;

/**
 * The list answered by `answer(page)`; the pages asked for are recorded. A page of
 * PARTICIPANT_PAGE_SIZE rows with ids after the page's offset.
 */
function listApi(answer: (page: number) => Omit<TParticipantPage, 'results'> & { rows: number }) {
  const pages: number[] = [];
  server.use(
    mock.get(`/api/events/${EVENT_ID}/`, () => HttpResponse.json(eventDetail())),
    mock.get(`${BASE}stats/`, () =>
      HttpResponse.json({ total: 5000, confirmed: 0, pending: 5000, notification_sent: 0 }),
    ),
    mock.get(BASE, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      pages.push(page);
      const { rows, ...rest } = answer(page);
      const offset = (page - 1) * PARTICIPANT_PAGE_SIZE;
      const results = Array.from({ length: rows }, (_, i) =>
        participant({
          id: offset + i + 1,
          full_name: `Person ${offset + i + 1}`,
          username: `p${offset + i + 1}`,
        }),
      );
      return HttpResponse.json({ ...rest, results } satisfies TParticipantPage);
    }),
  );
  return pages;
}

const link = (page: number) => `${BASE}?page=${page}&page_size=${PARTICIPANT_PAGE_SIZE}&search=uwa`;

function renderParticipants() {
  const user = userEvent.setup();
  renderRoutes(
    [{ path: '/dashboard/events/:eventId/participants', Component: ParticipantsPage }],
    `/dashboard/events/${EVENT_ID}/participants`,
  );
  return user;
}

const range = () => screen.getByTestId('participants-range').textContent;
const nextButton = () => screen.getByRole('button', { name: 'Next page' });

describe('participants: the pager and its count', () => {
  beforeEach(() => startSession(accessToken(), staffUser));
  afterEach(() => expireSession());

  it('shows the exact count in the spec wording', async () => {
    listApi(() => ({ count: 4, count_is_lower_bound: false, next: null, previous: null, rows: 4 }));
    renderParticipants();
    await screen.findByText('Person 4');
    expect(range()).toBe('Showing 1–4 of 4');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('says "more than 1,000" for a bounded count, and pages on past the bound until there is no next', async () => {
    // 1,080 matches: pages 1 to 22, the count stopped at 1,000.
    const pages = listApi((page) => ({
      count: 1000,
      count_is_lower_bound: true,
      next: page < 22 ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      rows: page < 22 ? PARTICIPANT_PAGE_SIZE : 30,
    }));
    const user = renderParticipants();
    await screen.findByText('Person 50');
    expect(range()).toBe('Showing 1–50 of more than 1,000');

    await user.click(nextButton());
    await screen.findByText('Person 100');
    expect(range()).toBe('Showing 51–100 of more than 1,000');

    // The pages within the count are offered; the last of them is not the end.
    await user.click(screen.getByRole('button', { name: '20' }));
    await screen.findByText('Person 1000');
    expect(range()).toBe('Showing 951–1000 of more than 1,000');
    await user.click(nextButton());
    await screen.findByText('Person 1050');
    expect(range()).toBe('Showing 1001–1050 of more than 1,000');
    await user.click(nextButton());
    await screen.findByText('Person 1080');
    expect(range()).toBe('Showing 1051–1080 of more than 1,000');
    await waitFor(() => expect(nextButton().hasAttribute('disabled')).toBe(true));
    expect(pages).toEqual([1, 2, 20, 21, 22]);
  }, 90_000); // five renders of a 50-row table: 30 s was not enough on a slow 2-core machine
});
