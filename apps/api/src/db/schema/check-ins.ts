import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { participants } from './participants';
import { sessions } from './sessions';
import { staffUsers } from './staff-users';

export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** Null for the main-event (door) check-in. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    checkInTime: timestamp('check_in_time', { withTimezone: true }).notNull().defaultNow(),
    checkedInBy: integer('checked_in_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    forced: boolean('forced').notNull().default(false),
    /** Idempotency key from an offline check-in device. */
    clientNonce: text('client_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One record per participant per main event (session null) or per session.
    unique('check_ins_participant_session_uq').on(t.participantId, t.sessionId).nullsNotDistinct(),
    uniqueIndex('check_ins_event_nonce_uq')
      .on(t.eventId, t.clientNonce)
      .where(sql`${t.clientNonce} is not null`),
    index('check_ins_event_session_time_idx').on(t.eventId, t.sessionId, t.checkInTime),
  ],
);
