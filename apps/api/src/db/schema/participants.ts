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
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { events } from './events';

type SearchColumns = {
  fullName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  organization: AnyPgColumn;
};

/**
 * The text the search box looks in: name, e-mail, phone and organisation joined by a control
 * character nobody types, so a term never matches across two fields. The index and the query must
 * use this same expression.
 */
export function participantSearchText(t: SearchColumns) {
  return sql`(${t.fullName} || E'\\x1f' || ${t.email} || E'\\x1f' || ${t.phone} || E'\\x1f' || ${t.organization})`;
}

export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    organization: text('organization').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /** Personal login code, unique per event (see packages/shared codes). */
    uniqueCode: text('unique_code').notNull(),
    confirmedAttendance: boolean('confirmed_attendance').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notificationSent: boolean('notification_sent').notNull().default(false),
    /** Where the login details stand: not_sent, queued, sent or failed (permanently). */
    notificationStatus: text('notification_status')
      .$type<'not_sent' | 'queued' | 'sent' | 'failed'>()
      .notNull()
      .default('not_sent'),
    notificationSentAt: timestamp('notification_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participants_event_code_uq').on(t.eventId, t.uniqueCode),
    check(
      'participants_notification_status_ck',
      sql`${t.notificationStatus} in ('not_sent', 'queued', 'sent', 'failed')`,
    ),
    uniqueIndex('participants_event_email_uq').on(t.eventId, sql`lower(${t.email})`),
    uniqueIndex('participants_event_username_uq').on(t.eventId, sql`lower(${t.username})`),
    index('participants_event_name_idx').on(t.eventId, t.fullName, t.id),
    index('participants_event_confirmed_idx').on(t.eventId, t.confirmedAttendance),
    // One trigram index over the four searchable fields serves the participants page's
    // case-insensitive substring search (see participantSearchText).
    index('participants_search_trgm_idx').using('gin', sql`${participantSearchText(t)} gin_trgm_ops`),
  ],
);
