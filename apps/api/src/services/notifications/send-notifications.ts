import { and, eq, inArray, sql } from 'drizzle-orm';
import { format, messages, type NotificationType, type TSendNotificationsResult } from '@attend/shared';
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

/** A phone number as providers take it (E.164: + and 8 to 15 digits), or null when it is not one. */
export function e164(phone: string): string | null {
  const digits = phone.replace(/[\s().-]/g, '');
  const plus = digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
  return /^\+[1-9]\d{7,14}$/.test(plus) ? plus : null;
}

/**
 * Queues the login details of the chosen participants: one outbox row per channel, written with
 * the participants' new status in one transaction (success means queued durably). 'both' sends an
 * SMS only to those with a phone number. The message itself, with its one-click link, is made when
 * it is sent, so no sign-in link waits in the table.
 */
export async function sendNotifications(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantIds: number[]; type: NotificationType; ip: string },
): Promise<TSendNotificationsResult> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, params.eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const ids = [...new Set(params.participantIds)];
  const errors: TSendNotificationsResult['errors'] = [];
  let success = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += BATCH) {
      const chunk = ids.slice(i, i + BATCH);
      const rows = await tx
        .select({ id: participants.id, email: participants.email, phone: participants.phone })
        .from(participants)
        .where(and(eq(participants.eventId, params.eventId), inArray(participants.id, chunk)));
      const found = new Map(rows.map((r) => [r.id, r]));
      const queue: (typeof outgoingMessages.$inferInsert)[] = [];
      const queued: number[] = [];
      for (const id of chunk) {
        const p = found.get(id);
        if (!p) {
          errors.push({ participant_id: id, error: messages.participantNotFound });
          continue;
        }
        const email = p.email.trim();
        const phone = p.phone.trim() ? e164(p.phone) : null;
        const wantsEmail = params.type !== 'sms';
        const wantsSms = params.type === 'sms' || (params.type === 'both' && p.phone.trim() !== '');
        const problems: string[] = [];
        if (wantsEmail && !EMAIL.test(email)) problems.push(messages.notifyNoEmail);
        if (params.type === 'sms' && !p.phone.trim()) problems.push(messages.notifyNoPhone);
        else if (wantsSms && !phone)
          problems.push(format(messages.notifyBadPhone, { phone: p.phone.trim() }));
        if (problems.length) {
          errors.push({ participant_id: id, error: problems.join(' ') });
          continue;
        }
        const base = { eventId: params.eventId, participantId: id, maxAttempts: MAX_ATTEMPTS };
        if (wantsEmail) queue.push({ ...base, channel: 'email', recipient: email, body: '' });
        if (wantsSms && phone) queue.push({ ...base, channel: 'sms', recipient: phone, body: '' });
        queued.push(id);
      }
      if (queue.length) await tx.insert(outgoingMessages).values(queue);
      if (queued.length) {
        await tx
          .update(participants)
          .set({ notificationStatus: 'queued', updatedAt: new Date() })
          .where(and(eq(participants.eventId, params.eventId), inArray(participants.id, queued)));
      }
      success += queued.length;
    }
    await audit(tx, {
      action: 'notifications.queue',
      actor,
      eventId: params.eventId,
      ip: params.ip,
      details: { type: params.type, queued: success, errors: errors.length },
    });
    // Delivered to every process's outbox worker when the transaction commits.
    if (success) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  });
  return {
    success_count: success,
    error_count: errors.length,
    errors,
    message: format(messages.notificationsSent, { success, errors: errors.length }),
  };
}
