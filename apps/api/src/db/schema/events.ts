import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staffUsers } from './staff-users';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    /** The IANA time zone the event happens in; every time of it is shown in this zone. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * The country (ISO 3166 alpha-2) whose local numbers participants' phones are read as
     * (0712 345 678 in KE is +254712345678); '' when numbers must carry their country code.
     */
    defaultCountry: text('default_country').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Short code participants type with their unique code; stored upper-case. */
    eventCode: text('event_code').notNull(),
    logo: text('logo'),
    /** The hash of the uploaded logo in event_logos (null when there is none). */
    logoHash: text('logo_hash'),
    /** The hash of the uploaded tag image in event_images (null when there is none). */
    imageHash: text('image_hash'),
    image: text('image'),
    primaryColor: text('primary_color').notNull().default('#1EB53A'),
    secondaryColor: text('secondary_color').notNull().default('#FFFFFF'),
    accentColor: text('accent_color').notNull().default('#0072C6'),
    tagBackgroundColor: text('tag_background_color').notNull().default('#ffffff'),
    tagTextColor: text('tag_text_color').notNull().default('#000000'),
    tagDesign: jsonb('tag_design').$type<Record<string, unknown>>(),
    /** Notes shown to participants; null means the product's default wording. */
    eventNotes: text('event_notes'),
    groupChatUrl: text('group_chat_url'),
    supportContact: text('support_contact'),
    dsaSessionsPerDay: integer('dsa_sessions_per_day').notNull().default(4),
    /** Who earns a certificate of attendance (null: no rules set, nobody qualifies). */
    certificateRules: jsonb('certificate_rules').$type<Record<string, unknown>>(),
    /** The certificate's own design (title, signatory, what to list); null: the defaults. */
    certificateDesign: jsonb('certificate_design').$type<Record<string, unknown>>(),
    /** Scanner accounts may add walk-ins at the station (admins always may). */
    allowWalkInsByScanners: boolean('allow_walk_ins_by_scanners').notNull().default(false),
    /** The station and the kiosk open the participant's badge for printing after each door check-in. */
    printBadgeOnCheckIn: boolean('print_badge_on_check_in').notNull().default(false),
    /** Ed25519 key pair (base64url) that signs participants' QR credentials. */
    qrPublicKey: text('qr_public_key'),
    qrPrivateKey: text('qr_private_key'),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_event_code_uq').on(t.eventCode),
    index('events_start_date_idx').on(t.startDate),
    check('events_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('events_dsa_ck', sql`${t.dsaSessionsPerDay} >= 0`),
  ],
);
