import { z } from 'zod';
import { ZInstant } from './formats';

/** Answer of POST and DELETE /api/sessions/{sessionId}/waitlist/{participantId}/ (issue 32). */
export const ZWaitlistResult = z.object({
  is_waitlisted: z.boolean(),
  /** The participant's place in the line (1 = next to get a place); null once out of it. */
  waitlist_position: z.number().int().nullable(),
  waitlist_count: z.number().int(),
  message: z.string(),
});
export type TWaitlistResult = z.infer<typeof ZWaitlistResult>;

/** One person in a session's line as staff see it, in line order. */
export const ZWaitlistEntry = z.object({
  participant_id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  organization: z.string(),
  confirmed_attendance: z.boolean(),
  /** When they joined the line. */
  joined_at: ZInstant,
  position: z.number().int(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;
export const ZWaitlist = z.array(ZWaitlistEntry);

/** Answer of the staff actions on one person in the line (remove, promote). */
export const ZWaitlistActionResult = z.object({
  message: z.string(),
  registered_count: z.number().int(),
  waitlist_count: z.number().int(),
});
export type TWaitlistActionResult = z.infer<typeof ZWaitlistActionResult>;
