import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { participants } from './participants';

export type MessageChannel = 'email' | 'sms';
export type MessageStatus = 'pending' | 'sending' | 'sent' | 'retry_scheduled' | 'failed_permanently';

/** E-mail/SMS outbox: workers claim rows with FOR UPDATE SKIP LOCKED. */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    status: text('status').$type<MessageStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outgoing_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outgoing_messages_participant_idx').on(t.participantId),
  ],
);
