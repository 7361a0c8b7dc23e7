import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { participants } from './participants';
import { staffUsers } from './staff-users';

export type SubjectType = 'staff' | 'participant';

/**
 * Refresh tokens, stored as SHA-256 hashes; rotated on use, reuse revokes the family. A family is one
 * sign-in: it ends at `family_expires_at` however often it is refreshed, and remembers the login link
 * that opened it, so revoking the link ends it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    subjectType: text('subject_type').$type<SubjectType>().notNull(),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    loginLinkId: integer('login_link_id').references(() => loginLinks.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
    // Deleting a participant or staff user cascades here: without these it scans the whole table.
    index('refresh_tokens_participant_idx').on(t.participantId),
    index('refresh_tokens_staff_idx').on(t.staffUserId),
    index('refresh_tokens_login_link_idx').on(t.loginLinkId),
    // Access tokens carry their family: each process reloads the families revoked lately.
    index('refresh_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

/** One-click login links, stored as SHA-256 hashes of 128-bit random tokens. */
export const loginLinks = pgTable(
  'login_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('login_links_hash_uq').on(t.tokenHash),
    index('login_links_participant_idx').on(t.participantId),
  ],
);

/**
 * Single-use invitations for new staff accounts, stored as SHA-256 hashes of 128-bit random tokens:
 * the invited person chooses their password with the link once, before it expires.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invites_hash_uq').on(t.tokenHash),
    index('staff_invites_user_idx').on(t.staffUserId),
  ],
);
