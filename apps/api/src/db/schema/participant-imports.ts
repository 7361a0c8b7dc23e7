import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * A bulk upload being applied. One per event at a time (the primary key): a second upload of the
 * same event waits for it, in any process. `state` is `staging` while the rows are loaded (a crash
 * then discards them) and `publishing` once they are being applied (a crash then finishes them):
 * either none of the file's rows land or all of them do. `heartbeat_at` moves with every chunk;
 * an import whose heartbeat stopped belongs to a process that died.
 */
export const participantImports = pgTable('participant_imports', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  id: text('id').notNull().unique(),
  state: text('state').notNull().default('staging'),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rows of an import, loaded in short chunks and applied in short chunks, so that no statement
 * holds the embedded database (one connection for every request) for long. `participant_id` is
 * the participant a row updates; null creates one.
 */
export const participantImportRows = pgTable(
  'participant_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => participantImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    participantId: integer('participant_id'),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    organization: text('organization').notNull(),
    jobTitle: text('job_title').notNull(),
    uniqueCode: text('unique_code').notNull(),
    /** en, fr or sw from the file's language column; '' (blank or no column) keeps or defaults to en. */
    language: text('language').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
