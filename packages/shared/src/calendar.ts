import { z } from 'zod';

/** GET /api/participants/me/calendar/: the participant's private calendar subscription URL. */
export const ZCalendarSubscription = z.object({
  url: z.string().meta({
    description: 'webcal:// address of the calendar; calendar apps poll it. Sign out everywhere revokes it.',
    example: 'webcal://attend.example.org/api/calendar/3q2-7wEjQ1mX0cJ5bH8kLzR4tVnYpA6s.ics',
  }),
});
export type TCalendarSubscription = z.infer<typeof ZCalendarSubscription>;
