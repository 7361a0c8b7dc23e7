import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TMailboxMessage } from '@attend/shared';
import { MailboxPage } from '../src/features/notifications/routes/mailbox-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { server } from './msw';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

const email: TMailboxMessage = {
  id: 2,
  channel: 'email',
  recipient: 'amina@example.org',
  subject: 'Your login details for Regional Health Workshop',
  body: 'Hello Amina,\nEvent code: RHW26X\nUnique code: ABCD2345',
  html: '<p id="mail-body">Hello <b>Amina</b></p><script>window.parent.hacked = true</script>',
  created_at: '2026-03-01T10:00:00Z',
};
const sms: TMailboxMessage = {
  id: 1,
  channel: 'sms',
  recipient: '+250788123456',
  subject: '',
  body: 'Regional Health Workshop: event code RHW26X, your code ABCD2345',
  html: null,
  created_at: '2026-03-01T09:00:00Z',
};

describe('mailbox page', () => {
  beforeEach(() => startSession(accessToken(), staffUser));
  afterEach(() => expireSession());

  it('lists the messages and shows the chosen e-mail in a sandboxed frame, never in the page', async () => {
    const queries: string[] = [];
    server.use(
      mock.get('/api/mailbox/', ({ request }) => {
        queries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json({ count: 2, next: null, previous: null, results: [email, sms] });
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/mailbox', Component: MailboxPage }], '/dashboard/mailbox');

    const list = await screen.findByTestId('mailbox-list');
    const rows = within(list).getAllByTestId('mailbox-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('amina@example.org'),
      expect.stringContaining('+250788123456'),
    ]);
    expect(rows[0]?.textContent).toContain('Email');
    expect(rows[1]?.textContent).toContain('SMS');
    expect(queries).toEqual(['page=1&page_size=50']);
    expect(screen.getByText('Select a message to read it.')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: email.subject }));
    const message = await screen.findByRole('region', { name: 'Message' });
    const frame = within(message).getByTitle('Message body');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(email.html);
    // The e-mail's markup is never part of this document.
    expect(document.getElementById('mail-body')).toBeNull();
    expect(within(message).getByTestId('mailbox-text').textContent).toBe(email.body);

    // An SMS has no subject: the start of its text stands in for it; its number stays on one line.
    expect(within(list).queryByText('(no subject)')).toBeNull();
    expect(
      within(rows[1] as HTMLElement)
        .getByText(sms.recipient)
        .closest('td')?.style.whiteSpace,
    ).toBe('nowrap');
    await user.click(
      within(list).getByRole('button', { name: /^Regional Health Workshop: event code RHW26X, your c/ }),
    );
    const shown = screen.getByRole('region', { name: 'Message' });
    const text = await within(shown).findByTestId('mailbox-text');
    expect(text.textContent).toBe(sms.body);
    expect(within(shown).getByTestId('mailbox-subject').textContent).toMatch(
      /^Regional Health Workshop: .+…$/,
    );
    expect(screen.queryByTitle('Message body')).toBeNull();
  });
});
