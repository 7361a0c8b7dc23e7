import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { participants } from './participants';
import { staffUsers } from './staff-users';

/** Binary content, as a Buffer from either driver. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** What a certificate says the holder attended (signed with the rest of its content). */
export type CertificateAttended = {
  days: number;
  days_total: number;
  sessions: number;
  session_names: string[];
};

/**
 * A certificate of attendance: its public content as issued (a snapshot, so a later rename of the
 * event or the person does not change a signed document) and the event key's Ed25519 signature
 * over it. The id is random and short enough for a printed URL. A withdrawn certificate stays, so
 * that its printed copies verify as withdrawn; a participant holds at most one that is not.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    organization: text('organization').notNull().default(''),
    eventName: text('event_name').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    attended: jsonb('attended').$type<CertificateAttended>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** base64url Ed25519 signature (the event's QR key) over the content above. */
    signature: text('signature').notNull(),
    /** Issued by hand to someone the rules leave out, with staff's note. */
    manual: boolean('manual').notNull().default(false),
    note: text('note').notNull().default(''),
    issuedBy: integer('issued_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('certificates_event_idx').on(t.eventId, t.participantId),
    uniqueIndex('certificates_participant_active_uq')
      .on(t.participantId)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);

/**
 * The certificate design's signature image, checked and kept like the event logo;
 * `certificate_design.signature_hash` names the current one.
 */
export const certificateSignatures = pgTable('certificate_signatures', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  hash: text('hash').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
