import { z } from 'zod';
import { ZCalendarDay, ZInstant } from './formats';
import { zPage } from './events';
import { ZId } from './ids';

export const NOTIFICATION_TYPES = ['both', 'email', 'sms'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_STATUSES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const SEND_NOTIFICATIONS_MAX = 50_000;

/** POST /api/events/{eventId}/participants/send_notifications/ */
export const ZSendNotifications = z.object({
  participant_ids: z
    .array(ZId, {
      error: 'Please select participants to notify',
    })
    .min(1, 'Please select participants to notify')
    .max(SEND_NOTIFICATIONS_MAX, `At most ${SEND_NOTIFICATIONS_MAX} participants can be notified at once.`),
  type: z.enum(NOTIFICATION_TYPES, { error: 'Type must be both, email or sms.' }).default('both'),
});
export type TSendNotifications = z.input<typeof ZSendNotifications>;

const ZChannelOutcome = z.object({
  /** Messages queued durably for this channel. */
  queued: z.number().int(),
  /**
   * Messages that could not be sent at all (no valid e-mail address, no or no valid phone number):
   * each is kept as a failed message, shown on the event's Messages page and in the failed counts.
   */
  errors: z.number().int(),
});

/**
 * success_count: participants with at least one message queued durably. error_count: participants
 * with at least one channel that could not be used (or not found); each error line names the
 * participant, why, and which channels failed. `email` and `sms` count messages per channel.
 */
export const ZSendNotificationsResult = z.object({
  success_count: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(
    z.object({
      participant_id: z.number().int(),
      error: z.string(),
      /** The channels not sent to (empty when the participant was not found). */
      channels: z.array(z.enum(['email', 'sms'])).default([]),
    }),
  ),
  message: z.string(),
  email: ZChannelOutcome.default({ queued: 0, errors: 0 }),
  sms: ZChannelOutcome.default({ queued: 0, errors: 0 }),
});
export type TSendNotificationsResult = z.infer<typeof ZSendNotificationsResult>;

const ZChannelCounts = z.object({
  pending: z.number().int(),
  retry_scheduled: z.number().int(),
  failed_permanently: z.number().int(),
  ready_for_retry: z.number().int(),
  total_failed: z.number().int(),
});

/** GET /api/accounts/admin/failed-emails/stats/ (e-mail at the top level, as the spec reads it). */
export const ZFailedEmailStats = ZChannelCounts.extend({
  /** The spec's names for the same counts. */
  total_ready_for_retry: z.number().int(),
  next_retries: z.array(z.object({ email: z.string(), next_attempt_at: ZInstant })),
  /** The spec's name: participant_email and next_retry_at. */
  next_retry_times: z.array(z.object({ participant_email: z.string(), next_retry_at: ZInstant })),
  more_retries: z.number().int(),
  sms: ZChannelCounts,
});
export type TFailedEmailStats = z.infer<typeof ZFailedEmailStats>;

const ZRetryCounts = z.object({
  total_retried: z.number().int(),
  total_successful: z.number().int(),
  total_failed: z.number().int(),
});
/** POST …/failed-emails/retry/ and …/force-retry/: what was queued again and how it went. */
export const ZRetryResult = z.object({
  message: z.string(),
  results: ZRetryCounts.extend({ email: ZRetryCounts, sms: ZRetryCounts }),
});
export type TRetryResult = z.infer<typeof ZRetryResult>;

/** `cancelled`: the participant has no e-mail address (or phone number) left to send it to. */
export const MESSAGE_STATUSES = [
  'pending',
  'sending',
  'sent',
  'retry_scheduled',
  'failed_permanently',
  'cancelled',
] as const;

/** One message of an event (the Messages view); the sign-in link in its body is never shown. */
export const ZOutgoingMessage = z.object({
  id: z.number().int(),
  participant_id: z.number().int().nullable(),
  participant_name: z.string().nullable(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  /** An SMS: the start of its text once it is made (sign-in link elided); '' for an e-mail. */
  preview: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  next_attempt_at: ZInstant.nullable(),
  last_error: z.string().nullable(),
  sent_at: ZInstant.nullable(),
  created_at: ZInstant,
});
export type TOutgoingMessage = z.infer<typeof ZOutgoingMessage>;
export const ZOutgoingMessagePage = zPage(ZOutgoingMessage);

export const ZMessageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
  status: z.enum(MESSAGE_STATUSES).optional(),
  channel: z.enum(['email', 'sms']).optional(),
});

/** The built-in mailbox: what participants would have received with no SMTP server or SMS provider. */
export const ZMailboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  html: z.string().nullable(),
  created_at: ZInstant,
});
export type TMailboxMessage = z.infer<typeof ZMailboxMessage>;
export const ZMailboxPage = zPage(ZMailboxMessage);

/** GET /api/dashboard/activity/: per-day confirmations and check-ins, and messages by status. */
export const ZDashboardActivity = z.object({
  days: z.array(
    z.object({ day: ZCalendarDay, confirmations: z.number().int(), check_ins: z.number().int() }),
  ),
  messages: z.record(z.enum(MESSAGE_STATUSES), z.number().int()),
  recent_events: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      start_date: ZInstant,
      /** The event's IANA time zone. */
      time_zone: z.string(),
      participants: z.number().int(),
      confirmed: z.number().int(),
      checked_in: z.number().int(),
    }),
  ),
});
export type TDashboardActivity = z.infer<typeof ZDashboardActivity>;

/**
 * GET /api/events/{eventId}/participants/sms_preview/: the event's login SMS in each language, with
 * a sample unique code and a one-click link of the real length, and what it costs (the organiser
 * pays per segment).
 */
export const ZSmsPreview = z.object({
  /** The most segments a login SMS takes, per encoding (the event's name is cut to fit). */
  max_segments: z.object({ 'GSM-7': z.number().int(), 'UCS-2': z.number().int() }),
  messages: z.array(
    z.object({
      language: z.enum(['en', 'fr', 'sw']),
      text: z.string(),
      encoding: z.enum(['GSM-7', 'UCS-2']),
      /** Length in the encoding's units: GSM-7 septets or UTF-16 units. */
      characters: z.number().int(),
      segments: z.number().int(),
    }),
  ),
});
export type TSmsPreview = z.infer<typeof ZSmsPreview>;
