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
} from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * The text the search box looks in: name, e-mail, phone and organisation, lower-cased and joined by
 * a control character nobody types, so a term never matches across two fields. Stored, so a search
 * checks each candidate row with a plain LIKE on ready text: ILIKE over the joined expression
 * lower-cased and concatenated every row again, about 3 times the work (PGlite, 50,000 rows).
 */
const SEARCH_TEXT = sql.raw(
  `lower("full_name" || E'\\x1f' || "email" || E'\\x1f' || "phone" || E'\\x1f' || "organization")`,
);

/**
 * The name's sort key: lower case with the accents of Latin letters taken off ('Émilie' -> 'emilie'),
 * so name order puts 'Émilie' with the E's, not after 'Wanjiku' as the database's C collation does
 * (PGlite has no other collation, and PostgreSQL's depend on the server's locale). Equal keys are
 * ordered by id.
 */
const NAME_KEY = sql.raw(
  `lower(translate("full_name", 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž', 'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz'))`,
);

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
    /** E.164 (+254712345678) or ''; a number from before phones were read may be as typed. */
    phone: text('phone').notNull().default(''),
    organization: text('organization').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /** The language of the screens and the messages the participant gets: en, fr or sw. */
    language: text('language').$type<'en' | 'fr' | 'sw'>().notNull().default('en'),
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
    /** See SEARCH_TEXT; the database keeps it up to date. */
    searchText: text('search_text').notNull().generatedAlwaysAs(SEARCH_TEXT),
    /** See NAME_KEY; the database keeps it up to date. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(NAME_KEY),
    /**
     * The secret of the participant's calendar subscription URL (random, null until first asked
     * for); Sign out everywhere clears it, so the old URL stops answering.
     */
    calendarToken: text('calendar_token'),
    /**
     * The stored number is not E.164: typed before numbers were read, and the one-time data step
     * (db/data-steps.ts) could not read it. Every write path stores E.164 or '', so the database
     * keeps the flag right whatever wrote the row (add, edit, import).
     */
    phoneInvalid: boolean('phone_invalid')
      .notNull()
      .generatedAlwaysAs(sql.raw(`"phone" <> '' and "phone" !~ '^\\+[1-9][0-9]{6,14}$'`)),
  },
  (t) => [
    uniqueIndex('participants_event_code_uq').on(t.eventId, t.uniqueCode),
    check('participants_language_ck', sql`${t.language} in ('en', 'fr', 'sw')`),
    check(
      'participants_notification_status_ck',
      sql`${t.notificationStatus} in ('not_sent', 'queued', 'sent', 'failed')`,
    ),
    uniqueIndex('participants_event_email_uq').on(t.eventId, sql`lower(${t.email})`),
    uniqueIndex('participants_calendar_token_uq').on(t.calendarToken),
    uniqueIndex('participants_event_username_uq').on(t.eventId, sql`lower(${t.username})`),
    // Also INCLUDE (search_text), added by migrations 0016 and 0019 (the builder has no INCLUDE).
    index('participants_event_name_idx').on(t.eventId, t.nameKey, t.id),
    index('participants_event_confirmed_idx').on(t.eventId, t.confirmedAttendance),
    // One trigram index over the four searchable fields serves the participants page's
    // case-insensitive substring search (see SEARCH_TEXT).
    index('participants_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
