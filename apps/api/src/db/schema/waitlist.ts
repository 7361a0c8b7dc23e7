import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { participants } from './participants';
import { sessions } from './sessions';

/**
 * The waiting list of a full session: one row per participant in line, the line ordered by
 * (created_at, id). A participant leaves it when they leave, are promoted into the session, or
 * register for a clashing session after a promotion elsewhere.
 */
export const sessionWaitlist = pgTable(
  'session_waitlist',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_waitlist_uq').on(t.sessionId, t.participantId),
    index('session_waitlist_line_idx').on(t.sessionId, t.createdAt, t.id),
    index('session_waitlist_participant_idx').on(t.participantId),
  ],
);
