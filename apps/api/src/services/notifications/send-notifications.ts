import { and, eq, inArray, sql } from 'drizzle-orm';
import { format, messages, type NotificationType, type TSendNotificationsResult } from '@attend/shared';
import { toE164 } from '@attend/shared/phone';
import type { Db } from '../../db/client';
import { events, outgoingMessages, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { OUTBOX_CHANNEL } from './outbox-channel';

const BATCH = 1000;
/** How many times a message is tried before it counts as failed. */
export const MAX_ATTEMPTS = 5;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address messages can go to (trimmed), or null when it is not one. */
export function emailAddress(email: string): string | null {
  const trimmed = email.trim();
  return EMAIL.test(trimmed) ? trimmed : null;
}

/**
 * A phone number as providers take it (E.164), read with the event's country when it was stored
 * before numbers were read (every number stored now is E.164 already), or null when it is none.
 */
export function e164(phone: string, country = ''): string | null {
  return phone.trim() ? toE164(phone, country) : null;
}

type Channel = 'email' | 'sms';
type Row = typeof outgoingMessages.$inferInsert;

/**
 * Queues the login details of the chosen participants, per channel: an outbox row for each message
 * that can go, written with the participants' new status in one transaction (success means queued
 * durably). 'both' sends an SMS to those with a phone number. One channel's failure never stops the
 * other's message: a channel that cannot be used (no valid e-mail address, a phone number that is
 * not one) gets a row already failed, never tried (attempts 0, the reason as its error), so the
 * event's Messages page and the failed counts show it; Retry leaves it alone until the address is
 * corrected (see retryFailedMessages).
 *
 * success_count: participants with at least one message queued. error_count: participants with at
 * least one channel that could not be used, or not found; `errors` says who and why, one line
 * each. `email` and `sms` count messages: queued, and refused.
 * The message itself, with its one-click link, is made when it is sent, so no sign-in link waits
 * in the table.
 */
export async function sendNotifications(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantIds: number[]; type: NotificationType; ip: string },
): Promise<TSendNotificationsResult> {
  const [event] = await db
    .select({ id: events.id, country: events.defaultCountry })
    .from(events)
    .where(eq(events.id, params.eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const ids = [...new Set(params.participantIds)];
  const errors: TSendNotificationsResult['errors'] = [];
  const counts = { email: { queued: 0, errors: 0 }, sms: { queued: 0, errors: 0 } };
  let success = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      const chunk = ids.slice(i, i + BATCH);
      const rows = await tx
        .select({
          id: participants.id,
          email: participants.email,
          phone: participants.phone,
          status: participants.notificationStatus,
        })
        .from(participants)
        .where(and(eq(participants.eventId, params.eventId), inArray(participants.id, chunk)));
      const found = new Map(rows.map((r) => [r.id, r]));
      const queue: Row[] = [];
      const queued: number[] = [];
      const failed: number[] = [];
      for (const id of chunk) {
        const p = found.get(id);
        if (!p) {
          errors.push({ participant_id: id, error: messages.participantNotFound, channels: [] });
          continue;
        }
        const base = { eventId: params.eventId, participantId: id, body: '' };
        const problems: string[] = [];
        const refused: Channel[] = [];
        const refuse = (channel: Channel, recipient: string, reason: string) => {
          // Failed before any attempt: shown with the others, never tried by the outbox.
          queue.push({
            ...base,
            channel,
            recipient,
            status: 'failed_permanently',
            attempts: 0,
            maxAttempts: 0,
            lastError: reason,
          });
          counts[channel].errors++;
          problems.push(reason);
          refused.push(channel);
        };
        let any = false;
        if (params.type !== 'sms') {
          const email = emailAddress(p.email);
          if (email) {
            queue.push({ ...base, channel: 'email', recipient: email, maxAttempts: MAX_ATTEMPTS });
            counts.email.queued++;
            any = true;
          } else refuse('email', p.email.trim(), messages.notifyNoEmail);
        }
        const typed = p.phone.trim();
        if (params.type === 'sms' || (params.type === 'both' && typed !== '')) {
          const phone = e164(typed, event.country);
          if (phone) {
            queue.push({ ...base, channel: 'sms', recipient: phone, maxAttempts: MAX_ATTEMPTS });
            counts.sms.queued++;
            any = true;
          } else if (!typed) refuse('sms', '', messages.notifyNoPhone);
          else refuse('sms', typed, format(messages.notifyBadPhone, { phone: typed }));
        }
        if (problems.length)
          errors.push({ participant_id: id, error: problems.join(' '), channels: refused });
        if (any) queued.push(id);
        else if (p.status !== 'sent') failed.push(id);
      }
      if (queue.length) await tx.insert(outgoingMessages).values(queue);
      if (queued.length) {
        await tx
          .update(participants)
          .set({ notificationStatus: 'queued', updatedAt: new Date() })
          .where(and(eq(participants.eventId, params.eventId), inArray(participants.id, queued)));
      }
      if (failed.length) {
        await tx
          .update(participants)
          .set({ notificationStatus: 'failed', updatedAt: new Date() })
          .where(and(eq(participants.eventId, params.eventId), inArray(participants.id, failed)));
      }
      success += queued.length;
    }
    await audit(tx, {
      action: 'notifications.queue',
      actor,
      eventId: params.eventId,
      ip: params.ip,
      details: { type: params.type, queued: success, errors: errors.length, ...counts },
    });
    // Delivered to every process's outbox worker when the transaction commits.
    if (success) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  });
  return {
    success_count: success,
    error_count: errors.length,
    errors,
    message: format(messages.notificationsSent, { success, errors: errors.length }),
    ...counts,
  };
}
