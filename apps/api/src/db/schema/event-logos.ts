import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Binary content, as a Buffer from either driver. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An event's uploaded logo, kept in the database so every process serves it; apart from `events`
 * so that reading an event never reads the image. `events.logo_hash` names the current one.
 */
export const eventLogos = pgTable('event_logos', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  /** The first 32 hex digits of the content's SHA-256: part of the logo's URL. */
  hash: text('hash').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event's uploaded image (the tag design's `imageUrl`), checked and kept like the logo;
 * `events.image_hash` names the current one.
 */
export const eventImages = pgTable('event_images', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  /** The first 32 hex digits of the content's SHA-256: part of the image's URL. */
  hash: text('hash').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The results spreadsheet of a bulk upload, kept a day in the database (not on one process's disk)
 * so that any process serves the download. The id is 128 random bits: the file holds unique codes.
 */
export const uploadResults = pgTable(
  'upload_results',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_results_created_idx').on(t.createdAt)],
);
