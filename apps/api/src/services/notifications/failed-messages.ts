import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  format,
  messages,
  type TFailedEmailStats,
  type TMailboxMessage,
  type TOutgoingMessage,
  type TRetryResult,
} from '@attend/shared';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { devMailbox, outgoingMessages, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { OUTBOX_CHANNEL } from './outbox-channel';
import { MAX_ATTEMPTS } from './send-notifications';

type Channel = 'email' | 'sms';
type Counts = TFailedEmailStats['sms'];

async function channelCounts(db: DbOrTx): Promise<Record<Channel, Counts>> {
  const rows = resultRows<{ channel: Channel } & Counts>(
    await db.execute(sql`
      select channel,
        count(*) filter (where status in ('pending', 'sending'))::int as pending,
        count(*) filter (where status = 'retry_scheduled')::int as retry_scheduled,
        count(*) filter (where status = 'failed_permanently')::int as failed_permanently,
        count(*) filter (where status = 'retry_scheduled' and next_attempt_at <= now())::int as ready_for_retry,
        count(*) filter (where status in ('retry_scheduled', 'failed_permanently'))::int as total_failed
      from outgoing_messages
      where status <> 'sent'
      group by channel
    `),
  );
  const empty: Counts = {
    pending: 0,
    retry_scheduled: 0,
    failed_permanently: 0,
    ready_for_retry: 0,
    total_failed: 0,
  };
  const out: Record<Channel, Counts> = { email: { ...empty }, sms: { ...empty } };
  for (const { channel, ...c } of rows) out[channel] = c;
  return out;
}

/** GET /api/accounts/admin/failed-emails/stats/: e-mail counts (the spec's fields), SMS beside them. */
export async function failedMessageStats(db: DbOrTx): Promise<TFailedEmailStats> {
  const counts = await channelCounts(db);
  const next = await db
    .select({ email: outgoingMessages.recipient, at: outgoingMessages.nextAttemptAt })
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.channel, 'email'), eq(outgoingMessages.status, 'retry_scheduled')))
    .orderBy(asc(outgoingMessages.nextAttemptAt), asc(outgoingMessages.id))
    .limit(3);
  const nextRetries = next.map((n) => ({ email: n.email, next_attempt_at: n.at.toISOString() }));
  return {
    ...counts.email,
    total_ready_for_retry: counts.email.ready_for_retry,
    next_retries: nextRetries,
    next_retry_times: nextRetries.map((n) => ({
      participant_email: n.email,
      next_retry_at: n.next_attempt_at,
    })),
    more_retries: Math.max(0, counts.email.retry_scheduled - nextRetries.length),
    sms: counts.sms,
  };
}

/**
 * A message refused when it was queued (failed, never tried: no valid e-mail address, a phone
 * number that is not one) is retried only once the participant's address for its channel can be
 * used: sending again to the same unusable number would only fail again.
 */
const worthRetrying = sql`(
  ${outgoingMessages.attempts} > 0
  or ${outgoingMessages.status} <> 'failed_permanently'
  or exists (
    select 1 from ${participants} p
    where p.id = ${outgoingMessages.participantId}
      and case when ${outgoingMessages.channel} = 'sms' then p.phone <> '' and not p.phone_invalid
        else btrim(p.email) ~ '^[^[:space:]@]+@[^[:space:]@]+[.][^[:space:]@]+$' end
  )
)`;

/**
 * Retry Now (those whose retry is due) or Force Retry (every failed one, permanent included): the
 * messages go back to the outbox, which sends them at once. Answers how many were retried and, of
 * those, how many have been sent or failed again when `settle` (the worker's idle) resolves.
 */
export async function retryFailedMessages(
  db: Db,
  actor: StaffActor,
  params: { force: boolean; ip: string; settle?: () => Promise<void>; eventId?: number; messageId?: number },
): Promise<TRetryResult> {
  const where: SQL[] = [
    params.force
      ? inArray(outgoingMessages.status, ['retry_scheduled', 'failed_permanently'])
      : (and(
          eq(outgoingMessages.status, 'retry_scheduled'),
          lte(outgoingMessages.nextAttemptAt, new Date()),
        ) as SQL),
  ];
  if (params.eventId !== undefined) where.push(eq(outgoingMessages.eventId, params.eventId));
  if (params.messageId !== undefined) where.push(eq(outgoingMessages.id, params.messageId));
  where.push(worthRetrying);
  const requeued = await db.transaction(async (tx) => {
    const rows = await tx
      .update(outgoingMessages)
      .set({
        status: 'pending',
        nextAttemptAt: new Date(),
        // A forced retry of a message that used up its attempts gets one more; one never tried (refused
        // when queued, its address corrected since) gets the full round.
        maxAttempts: sql`greatest(${outgoingMessages.maxAttempts}, ${outgoingMessages.attempts} + 1,
          case when ${outgoingMessages.attempts} = 0 then ${MAX_ATTEMPTS} else 0 end)`,
        updatedAt: new Date(),
      })
      .where(and(...where))
      .returning({
        id: outgoingMessages.id,
        channel: outgoingMessages.channel,
        participantId: outgoingMessages.participantId,
        eventId: outgoingMessages.eventId,
      });
    const people = rows.flatMap((r) => (r.participantId === null ? [] : [r.participantId]));
    if (people.length) {
      await tx
        .update(participants)
        .set({ notificationStatus: 'queued' })
        .where(and(inArray(participants.id, people), sql`${participants.notificationStatus} <> 'sent'`));
    }
    await audit(tx, {
      action: params.force ? 'notifications.force_retry' : 'notifications.retry',
      actor,
      eventId: params.eventId ?? null,
      ip: params.ip,
      details: { count: rows.length },
    });
    if (params.eventId === undefined) {
      // A retry from the dashboard covers every event: each event's activity shows its own share.
      const perEvent = new Map<number, number>();
      for (const r of rows)
        if (r.eventId !== null) perEvent.set(r.eventId, (perEvent.get(r.eventId) ?? 0) + 1);
      for (const [eventId, n] of perEvent) {
        await audit(tx, {
          action: params.force ? 'notifications.force_retry' : 'notifications.retry',
          actor,
          eventId,
          ip: params.ip,
          details: { count: n, all_events: true },
        });
      }
    }
    if (rows.length) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return rows;
  });
  await params.settle?.();
  const tally = async (channel?: Channel) => {
    const ids = requeued.filter((r) => !channel || r.channel === channel).map((r) => r.id);
    if (!ids.length) return { total_retried: 0, total_successful: 0, total_failed: 0 };
    const [c] = await db
      .select({
        sent: sql<number>`count(*) filter (where ${outgoingMessages.status} = 'sent')`.mapWith(Number),
        failed:
          sql<number>`count(*) filter (where ${outgoingMessages.status} in ('retry_scheduled', 'failed_permanently'))`.mapWith(
            Number,
          ),
      })
      .from(outgoingMessages)
      .where(inArray(outgoingMessages.id, ids));
    return { total_retried: ids.length, total_successful: c?.sent ?? 0, total_failed: c?.failed ?? 0 };
  };
  const all = await tally();
  return {
    message: format(messages.retriedMessages, {
      retried: all.total_retried,
      successful: all.total_successful,
      failed: all.total_failed,
    }),
    results: { ...all, email: await tally('email'), sms: await tally('sms') },
  };
}

/** How much of an SMS the messages list shows in place of a subject. */
const PREVIEW_LENGTH = 120;

function smsPreview(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

function serializeMessage(
  m: typeof outgoingMessages.$inferSelect & { participantName: string | null },
): TOutgoingMessage {
  return {
    id: m.id,
    participant_id: m.participantId,
    participant_name: m.participantName,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    preview: m.channel === 'sms' ? smsPreview(m.body) : '',
    status: m.status,
    attempts: m.attempts,
    max_attempts: m.maxAttempts,
    next_attempt_at:
      m.status === 'retry_scheduled' || m.status === 'pending' ? m.nextAttemptAt.toISOString() : null,
    last_error: m.lastError,
    sent_at: m.sentAt ? m.sentAt.toISOString() : null,
    created_at: m.createdAt.toISOString(),
  };
}

/** GET /api/events/{eventId}/messages/: every message sent for the event, newest first. */
export async function listEventMessages(
  db: DbOrTx,
  params: {
    eventId: number;
    page: number;
    pageSize: number;
    status?: TOutgoingMessage['status'];
    channel?: Channel;
  },
): Promise<{ count: number; results: TOutgoingMessage[] }> {
  const where: SQL[] = [eq(outgoingMessages.eventId, params.eventId)];
  if (params.status) where.push(eq(outgoingMessages.status, params.status));
  if (params.channel) where.push(eq(outgoingMessages.channel, params.channel));
  const [total] = await db
    .select({ n: count() })
    .from(outgoingMessages)
    .where(and(...where));
  const rows = await db
    .select({ m: outgoingMessages, participantName: participants.fullName })
    .from(outgoingMessages)
    .leftJoin(participants, eq(participants.id, outgoingMessages.participantId))
    .where(and(...where))
    .orderBy(desc(outgoingMessages.createdAt), desc(outgoingMessages.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => serializeMessage({ ...r.m, participantName: r.participantName })),
  };
}

/** The message of the event, or 404 (a message of another event is not found here). */
export async function requireEventMessage(db: DbOrTx, eventId: number, messageId: number): Promise<void> {
  const [row] = await db
    .select({ id: outgoingMessages.id })
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.id, messageId), eq(outgoingMessages.eventId, eventId)));
  if (!row) throw new AppError('not_found', messages.messageNotFound);
}

/** GET /api/mailbox/: the built-in dev mailbox, newest first. */
export async function listMailbox(
  db: DbOrTx,
  params: { page: number; pageSize: number; recipient?: string },
): Promise<{ count: number; results: TMailboxMessage[] }> {
  const where = params.recipient ? eq(devMailbox.recipient, params.recipient) : undefined;
  const [total] = await db.select({ n: count() }).from(devMailbox).where(where);
  const rows = await db
    .select()
    .from(devMailbox)
    .where(where)
    .orderBy(desc(devMailbox.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      html: r.html,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
