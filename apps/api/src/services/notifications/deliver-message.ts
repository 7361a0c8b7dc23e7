import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, loginLinks, outgoingMessages, participants } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';
import { loginEmail, loginSms, type LoginMessageFacts } from './login-message';
import { SendError, type Delivery, type Transports } from './transports';

export type ClaimedMessage = typeof outgoingMessages.$inferSelect;

const MAX_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const REDACTED_LINK = '[one-click sign-in link]';

/**
 * Makes the message a claimed outbox row stands for: a fresh one-click link (the previous
 * attempt's is revoked), the text with it, and a copy for the Messages view with the link left out.
 */
async function compose(db: Db, row: ClaimedMessage, publicUrl: string) {
  if (row.participantId === null) throw new SendError('The participant was deleted.', true);
  const [facts] = await db
    .select({
      participantId: participants.id,
      fullName: participants.fullName,
      uniqueCode: participants.uniqueCode,
      eventId: events.id,
      eventName: events.name,
      eventCode: events.eventCode,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(eq(participants.id, row.participantId));
  if (!facts) throw new SendError('The participant was deleted.', true);
  const expiresAt = new Date(Math.min(facts.endDate.getTime(), Date.now() + MAX_LINK_LIFETIME_MS));
  if (expiresAt.getTime() <= Date.now()) throw new SendError('The event has ended.', true);
  const token = randomToken(16);
  const linkId = await db.transaction(async (tx) => {
    if (row.loginLinkId !== null) {
      await tx
        .update(loginLinks)
        .set({ revokedAt: new Date() })
        .where(and(eq(loginLinks.id, row.loginLinkId), isNull(loginLinks.revokedAt)));
    }
    const [link] = await tx
      .insert(loginLinks)
      .values({
        tokenHash: sha256(token),
        eventId: facts.eventId,
        participantId: facts.participantId,
        expiresAt,
      })
      .returning({ id: loginLinks.id });
    return link?.id ?? null;
  });
  const query = new URLSearchParams({ token, event_id: String(facts.eventId) });
  const message: LoginMessageFacts = {
    ...facts,
    link: `${publicUrl}/auto-login?${query.toString()}`,
    loginUrl: `${publicUrl}/login`,
  };
  const redacted: LoginMessageFacts = { ...message, link: REDACTED_LINK };
  return { message, redacted, linkId };
}

/** Sends one claimed message through its channel; records what was sent, without the link. */
export async function deliverMessage(
  db: Db,
  row: ClaimedMessage,
  transports: Transports,
  publicUrl: string,
): Promise<Delivery> {
  const { message, redacted, linkId } = await compose(db, row, publicUrl);
  if (row.channel === 'email') {
    const email = loginEmail(message);
    const copy = loginEmail(redacted);
    await db
      .update(outgoingMessages)
      .set({ subject: email.subject, body: copy.text, html: null, loginLinkId: linkId })
      .where(eq(outgoingMessages.id, row.id));
    return transports.email({ to: row.recipient, ...email }, row.id);
  }
  const text = loginSms(message);
  await db
    .update(outgoingMessages)
    .set({ subject: '', body: loginSms(redacted), loginLinkId: linkId })
    .where(eq(outgoingMessages.id, row.id));
  return transports.sms(row.recipient, text, row.id);
}

/** Exponential backoff with ±20 % jitter: 30 s, 1 min, 2 min… capped at one hour. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Marks the message sent and the participant notified. */
export async function markSent(db: Db, row: ClaimedMessage, delivery: Delivery): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(outgoingMessages)
      .set({
        status: 'sent',
        sentAt: new Date(),
        leaseUntil: null,
        lastError: null,
        transport: delivery.transport,
        providerMessageId: delivery.providerMessageId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(outgoingMessages.id, row.id));
    if (row.participantId !== null) {
      await tx
        .update(participants)
        .set({ notificationStatus: 'sent', notificationSent: true, notificationSentAt: new Date() })
        .where(eq(participants.id, row.participantId));
    }
  });
}

/**
 * A failed attempt: retried later when temporary and attempts remain (honouring Retry-After),
 * otherwise failed for good, and the participant marked failed unless another message reached them.
 */
export async function markFailed(db: Db, row: ClaimedMessage, err: unknown): Promise<'retry' | 'failed'> {
  const send = err instanceof SendError ? err : null;
  const reason = (send?.message ?? (err instanceof Error ? err.message : String(err))).slice(0, 1000);
  const permanent = send?.permanent === true || row.attempts >= row.maxAttempts;
  if (!permanent) {
    const wait = Math.max(send?.retryAfterMs ?? 0, backoffMs(row.attempts));
    await db
      .update(outgoingMessages)
      .set({
        status: 'retry_scheduled',
        nextAttemptAt: new Date(Date.now() + wait),
        leaseUntil: null,
        lastError: reason,
        updatedAt: new Date(),
      })
      .where(eq(outgoingMessages.id, row.id));
    return 'retry';
  }
  await db.transaction(async (tx) => {
    await tx
      .update(outgoingMessages)
      .set({ status: 'failed_permanently', leaseUntil: null, lastError: reason, updatedAt: new Date() })
      .where(eq(outgoingMessages.id, row.id));
    if (row.participantId !== null) {
      await tx
        .update(participants)
        .set({ notificationStatus: 'failed' })
        .where(
          and(eq(participants.id, row.participantId), sql`${participants.notificationStatus} <> 'sent'`),
        );
    }
  });
  return 'failed';
}
