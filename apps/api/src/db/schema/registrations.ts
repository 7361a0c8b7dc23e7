import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { participants } from './participants';
import { sessions } from './sessions';

export const sessionRegistrations = pgTable(
  'session_registrations',
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
    uniqueIndex('session_registrations_uq').on(t.sessionId, t.participantId),
    index('session_registrations_participant_idx').on(t.participantId),
  ],
);
