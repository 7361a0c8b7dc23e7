import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { events } from './events';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    parentSessionId: integer('parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** 0 means unlimited. */
    maxParticipants: integer('max_participants').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    speakers: text('speakers').notNull().default(''),
    whatToBring: text('what_to_bring').notNull().default(''),
    sessionType: text('session_type').notNull().default(''),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_event_start_idx').on(t.eventId, t.startTime),
    index('sessions_parent_idx').on(t.parentSessionId),
    check('sessions_times_ck', sql`${t.endTime} > ${t.startTime}`),
    check('sessions_capacity_ck', sql`${t.maxParticipants} >= 0`),
  ],
);
