import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { loginLinks } from './auth-tokens';
import { events } from './events';
import { participants } from './participants';

export type MessageChannel = 'email' | 'sms';
export type MessageStatus =
  'pending' | 'sending' | 'sent' | 'retry_scheduled' | 'failed_permanently' | 'cancelled';

/** E-mail/SMS outbox: workers claim rows with FOR UPDATE SKIP LOCKED. */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /**
     * What the message says; rendered when it is sent (so no sign-in link waits in the table): a
     * participant's login details, a staff invitation in a language (`staff_invite:fr`), or the news
     * that a participant got a place from a session's waiting list (`waitlist_promoted:{sessionId}`),
     * or that their certificate of attendance is ready (`certificate:{certificateId}`).
     */
    kind: text('kind')
      .$type<
        'login_details' | `staff_invite:${string}` | `waitlist_promoted:${number}` | `certificate:${string}`
      >()
      .notNull()
      .default('login_details'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    status: text('status').$type<MessageStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** While `sending`: when a crashed sender's claim runs out and another process may take it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The one-click link made for the latest attempt (revoked when a retry makes a new one). */
    loginLinkId: integer('login_link_id').references(() => loginLinks.id, { onDelete: 'set null' }),
    /** Which transport accepted it: smtp, dev_mailbox, twilio, africastalking or log. */
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outgoing_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outgoing_messages_participant_idx').on(t.participantId),
    index('outgoing_messages_event_idx').on(t.eventId, t.createdAt),
  ],
);

/** The built-in mailbox: what would have been sent when no SMTP server or SMS provider is set. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').references(() => outgoingMessages.id, { onDelete: 'set null' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_created_idx').on(t.createdAt)],
);
