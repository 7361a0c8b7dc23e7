import type { TParticipantSelf } from '@attend/shared';

/** A signed-in participant as GET /api/accounts/me/ and POST /api/auth/login/ describe them. */
export const participantUser: TParticipantSelf = {
  id: 7,
  full_name: 'Ada Lovelace',
  email: 'ada@example.org',
  organization: 'Analytical Engines',
  job_title: 'Engineer',
  language: 'en',
  unique_code: 'ABCD2345',
  confirmed_attendance: false,
  confirmed_at: null,
  qr_code_url: null,
  event: { id: 3, event_code: 'E2ETST' },
  event_name: 'Test Event',
  is_participant: true,
  is_staff: false,
};

/** A promise the test settles by hand, to hold an answer while something else happens. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
