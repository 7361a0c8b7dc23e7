import { and, eq, sql } from 'drizzle-orm';
import { format, isLanguage, messages } from '@attend/shared';
import { resultRows, type Db } from '../../db/client';
import {
  events,
  loginLinks,
  outgoingMessages,
  participants,
  staffInvites,
  staffUsers,
} from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';
import { emailedInviteToken, inviteUrl } from '../auth/staff-invites';
import { inviteEmail, type InviteMessageFacts } from './invite-message';
import { loginEmail, loginSms, type LoginMessageFacts } from './login-message';
import { e164, emailAddress } from './send-notifications';
import { SendError, type Delivery, type Transports } from './transports';
import { promotionEmail, promotionSms, type PromotionFacts } from './waitlist-message';
import { PROMOTED_KIND } from '../sessions/promote-from-waitlist';
import { CERTIFICATE_KIND } from '../certificates/send-certificates';
import { verifyUrl } from '../certificates/certificate-content';
import { certificateEmail } from './certificate-message';

export type ClaimedMessage = typeof outgoingMessages.$inferSelect;

const MAX_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const REDACTED_LINK = '[one-click sign-in link]';

type ComposeRow = {
  participant_id: number;
  full_name: string;
  email: string;
  phone: string;
  unique_code: string;
  event_id: number;
  event_name: string;
  event_code: string;
  start_date: Date | string;
  end_date: Date | string;
  location: string;
  time_zone: string;
  default_country: string;
  language: string;
  link_id: number | null;
};

/**
 * What is kept of a message once made: the text with the link left out, which link it carries, and
 * where it went (the participant's address when it was made).
 */
export type MessageCopy = { subject: string; body: string; loginLinkId: number | null; recipient: string };

/**
 * The message can go nowhere: since it was queued, the participant's e-mail address or phone number
 * was removed. It is cancelled (see markFailed) rather than sent to the old one or retried.
 */
export class MessageCancelled extends Error {
  constructor(
    reason: string,
    /** The link made for this attempt, revoked with the cancellation. */
    readonly loginLinkId: number | null,
  ) {
    super(reason);
    this.name = 'MessageCancelled';
  }
}

/** Where the message goes now: the participant's current address for its channel, or why none. */
function currentRecipient(
  channel: ClaimedMessage['channel'],
  facts: Pick<ComposeRow, 'email' | 'phone' | 'default_country'>,
): { to: string } | { none: string } {
  if (channel === 'email') {
    const to = emailAddress(facts.email);
    return to ? { to } : { none: messages.notifyNoEmail };
  }
  const phone = facts.phone.trim();
  if (!phone) return { none: messages.notifyNoPhone };
  const to = e164(phone, facts.default_country);
  return to ? { to } : { none: format(messages.notifyBadPhone, { phone }) };
}

/** A message made and ready to send. */
export type PreparedMessage = {
  row: ClaimedMessage;
  copy: MessageCopy;
  send: (t: Transports) => Promise<Delivery>;
};

/**
 * Makes the message a claimed outbox row stands for, in one statement: the participant's and the
 * event's facts, a fresh one-click link (the previous attempt's revoked) that ends with the event
 * (at most 30 days), then the text with it and a copy for the Messages view with the link left out.
 * Every attempt (the first, an automatic retry, Retry and Force Retry alike) goes to the address
 * the participant has now, not the one it was queued for: staff may have corrected it since. With
 * none left, it throws MessageCancelled.
 */
export async function prepareMessage(
  db: Db,
  row: ClaimedMessage,
  publicUrl: string,
  secretKey: string,
): Promise<PreparedMessage> {
  if (row.kind.startsWith('staff_invite')) return prepareInvite(db, row, publicUrl, secretKey);
  if (row.kind.startsWith(`${PROMOTED_KIND}:`)) return preparePromotion(db, row, publicUrl);
  if (row.kind.startsWith(`${CERTIFICATE_KIND}:`)) return prepareCertificate(db, row, publicUrl);
  if (row.participantId === null) throw new SendError('The participant was deleted.', true);
  const token = randomToken(16);
  const result = await db.execute(sql`
    with f as (
      select p.id as participant_id, p.full_name, p.email, p.phone, p.unique_code, p.language,
        e.id as event_id, e.name as event_name, e.event_code, e.start_date, e.end_date, e.location, e.time_zone,
        e.default_country,
        least(e.end_date, now() + make_interval(secs => ${MAX_LINK_LIFETIME_MS / 1000})) as expires_at
      from ${participants} p join ${events} e on e.id = p.event_id
      where p.id = ${row.participantId}
    ),
    revoked as (
      update ${loginLinks} set revoked_at = now()
      where id = ${row.loginLinkId} and revoked_at is null
      returning id
    ),
    link as (
      insert into ${loginLinks} (token_hash, event_id, participant_id, expires_at)
      select ${sha256(token)}, f.event_id, f.participant_id, f.expires_at from f where f.expires_at > now()
      returning id
    )
    select f.participant_id, f.full_name, f.email, f.phone, f.unique_code, f.event_id, f.event_name,
      f.event_code, f.start_date, f.end_date, f.location, f.time_zone, f.default_country, f.language,
      (select id from link) as link_id
    from f
  `);
  const [facts] = resultRows<ComposeRow>(result);
  if (!facts) throw new SendError('The participant was deleted.', true);
  if (facts.link_id === null) throw new SendError('The event has ended.', true);
  const recipient = currentRecipient(row.channel, facts);
  if ('none' in recipient) throw new MessageCancelled(recipient.none, facts.link_id);
  const to = recipient.to;
  const query = new URLSearchParams({ token, event_id: String(facts.event_id) });
  const message: LoginMessageFacts = {
    fullName: facts.full_name,
    eventName: facts.event_name,
    startDate: new Date(facts.start_date),
    endDate: new Date(facts.end_date),
    location: facts.location,
    timeZone: facts.time_zone,
    language: isLanguage(facts.language) ? facts.language : 'en',
    eventCode: facts.event_code,
    uniqueCode: facts.unique_code,
    link: `${publicUrl}/auto-login?${query.toString()}`,
    loginUrl: `${publicUrl}/login`,
  };
  const redacted: LoginMessageFacts = { ...message, link: REDACTED_LINK };
  if (row.channel === 'email') {
    const email = await loginEmail(message);
    return {
      row,
      copy: {
        subject: email.subject,
        body: (await loginEmail(redacted)).text,
        loginLinkId: facts.link_id,
        recipient: to,
      },
      send: (t) => t.email({ to, ...email }, row.id),
    };
  }
  const text = loginSms(message);
  return {
    row,
    copy: { subject: '', body: loginSms(redacted), loginLinkId: facts.link_id, recipient: to },
    send: (t) => t.sms(to, text, row.id),
  };
}

/**
 * Makes the "you have a place" message of a participant promoted from a session's line, in their
 * language, to the address they have now. Nothing secret in it: the copy kept is the message.
 */
async function preparePromotion(db: Db, row: ClaimedMessage, publicUrl: string): Promise<PreparedMessage> {
  if (row.participantId === null) throw new SendError('The participant was deleted.', true);
  const sessionId = Number(row.kind.slice(PROMOTED_KIND.length + 1));
  const [facts] = resultRows<{
    full_name: string;
    email: string;
    phone: string;
    language: string;
    default_country: string;
    event_id: number;
    event_name: string;
    time_zone: string;
    session_name: string;
    start_time: Date | string;
    end_time: Date | string;
    location: string;
  }>(
    await db.execute(sql`select p.full_name, p.email, p.phone, p.language, e.default_country, e.id as event_id,
        e.name as event_name, e.time_zone, s.name as session_name, s.start_time, s.end_time, s.location
      from ${participants} p join ${events} e on e.id = p.event_id
        join sessions s on s.id = ${sessionId} and s.event_id = e.id
      where p.id = ${row.participantId}`),
  );
  if (!facts) throw new SendError('The participant or the session was deleted.', true);
  const recipient = currentRecipient(row.channel, facts);
  if ('none' in recipient) throw new MessageCancelled(recipient.none, null);
  const to = recipient.to;
  const message: PromotionFacts = {
    fullName: facts.full_name,
    eventName: facts.event_name,
    sessionName: facts.session_name,
    start: new Date(facts.start_time),
    end: new Date(facts.end_time),
    location: facts.location,
    timeZone: facts.time_zone,
    loginUrl: `${publicUrl}/sessions`,
    language: isLanguage(facts.language) ? facts.language : 'en',
  };
  if (row.channel === 'email') {
    const email = promotionEmail(message);
    return {
      row,
      copy: { subject: email.subject, body: email.text, loginLinkId: null, recipient: to },
      send: (t) => t.email({ to, ...email }, row.id),
    };
  }
  const text = promotionSms(message);
  return {
    row,
    copy: { subject: '', body: text, loginLinkId: null, recipient: to },
    send: (t) => t.sms(to, text, row.id),
  };
}

/**
 * Makes the "your certificate is ready" e-mail, in the holder's language, to the address they have
 * now: a link to their event page (where they download it once signed in) and to its public page.
 * A certificate withdrawn since it was queued is not announced.
 */
async function prepareCertificate(db: Db, row: ClaimedMessage, publicUrl: string): Promise<PreparedMessage> {
  if (row.participantId === null) throw new SendError('The participant was deleted.', true);
  const certificateId = row.kind.slice(CERTIFICATE_KIND.length + 1);
  const [facts] = resultRows<{
    full_name: string;
    email: string;
    phone: string;
    language: string;
    default_country: string;
    event_id: number;
    event_name: string;
    withdrawn: boolean;
  }>(
    await db.execute(sql`select p.full_name, p.email, p.phone, p.language, e.default_country, e.id as event_id,
        c.event_name, c.withdrawn_at is not null as withdrawn
      from certificates c join ${participants} p on p.id = c.participant_id join ${events} e on e.id = c.event_id
      where c.id = ${certificateId} and p.id = ${row.participantId}`),
  );
  if (!facts) throw new MessageCancelled('The certificate was deleted.', null);
  if (facts.withdrawn) throw new MessageCancelled('The certificate was withdrawn.', null);
  const recipient = currentRecipient(row.channel, facts);
  if ('none' in recipient) throw new MessageCancelled(recipient.none, null);
  const to = recipient.to;
  const email = certificateEmail({
    fullName: facts.full_name,
    eventName: facts.event_name,
    downloadUrl: `${publicUrl}/event/${facts.event_id}`,
    verifyUrl: verifyUrl(publicUrl, certificateId),
    language: isLanguage(facts.language) ? facts.language : 'en',
  });
  return {
    row,
    copy: { subject: email.subject, body: email.text, loginLinkId: null, recipient: to },
    send: (t) => t.email({ to, ...email }, row.id),
  };
}

const REDACTED_INVITE = '[invitation link]';

/**
 * Makes a staff invitation e-mail: its link carries the token derived from SECRET_KEY and the
 * message (see emailedInviteToken), so nothing secret waits in the outbox; the copy kept leaves the
 * link out. An invitation replaced by a newer one, spent, expired, or of an account disabled or
 * removed (or without an e-mail address now) is cancelled instead of sent.
 */
async function prepareInvite(
  db: Db,
  row: ClaimedMessage,
  publicUrl: string,
  secretKey: string,
): Promise<PreparedMessage> {
  const token = emailedInviteToken(secretKey, row.id);
  const [found] = await db
    .select({ expiresAt: staffInvites.expiresAt, usedAt: staffInvites.usedAt, user: staffUsers })
    .from(staffInvites)
    .innerJoin(staffUsers, eq(staffUsers.id, staffInvites.staffUserId))
    .where(eq(staffInvites.tokenHash, sha256(token)));
  if (!found)
    throw new MessageCancelled('The invitation was replaced by a newer one, or the account removed.', null);
  if (found.usedAt) throw new MessageCancelled('The invitation was already used.', null);
  if (found.expiresAt.getTime() <= Date.now())
    throw new MessageCancelled('The invitation has expired.', null);
  if (!found.user.isActive) throw new MessageCancelled('The account is disabled.', null);
  const to = emailAddress(found.user.email);
  if (!to) throw new MessageCancelled('The account has no valid e-mail address.', null);
  const language = row.kind.slice('staff_invite:'.length);
  const facts: InviteMessageFacts = {
    fullName: found.user.fullName,
    username: found.user.username,
    role: found.user.role,
    link: inviteUrl(publicUrl, token),
    expiresAt: found.expiresAt,
    loginUrl: `${publicUrl}/dashboard/login`,
    language: isLanguage(language) ? language : 'en',
  };
  const email = await inviteEmail(facts);
  const redacted = await inviteEmail({ ...facts, link: REDACTED_INVITE });
  return {
    row,
    copy: { subject: email.subject, body: redacted.text, loginLinkId: null, recipient: to },
    send: (t) => t.email({ to, ...email }, row.id),
  };
}

/** Exponential backoff with ±20 % jitter: 30 s, 1 min, 2 min… capped at one hour. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Marks the message sent (with its copy) and the participant notified, in one statement. */
export async function markSent(db: Db, prepared: PreparedMessage, delivery: Delivery): Promise<void> {
  const { row, copy } = prepared;
  await db.execute(sql`
    with sent as (
      update ${outgoingMessages} set status = 'sent', sent_at = now(), lease_until = null, last_error = null,
        transport = ${delivery.transport}, provider_message_id = ${delivery.providerMessageId ?? null},
        subject = ${copy.subject}, body = ${copy.body}, html = null, login_link_id = ${copy.loginLinkId},
        recipient = ${copy.recipient}, updated_at = now()
      where id = ${row.id}
      returning participant_id
    )
    update ${participants} set notification_status = 'sent', notification_sent = true, notification_sent_at = now()
    where id = (select participant_id from sent) and ${row.kind} = 'login_details'
  `);
}

/**
 * A message with nowhere to go (MessageCancelled): cancelled for good, with why, in one statement;
 * the link made for it is revoked and the participant marked failed unless another message reached
 * them. Force Retry leaves it alone: with an address back, staff send the login details again.
 */
async function markCancelled(db: Db, row: ClaimedMessage, err: MessageCancelled): Promise<void> {
  await db.execute(sql`
    with cancelled as (
      update ${outgoingMessages} set status = 'cancelled', lease_until = null,
        last_error = ${err.message.slice(0, 1000)}, updated_at = now()
      where id = ${row.id}
      returning participant_id
    ),
    unlinked as (
      update ${loginLinks} set revoked_at = now()
      where id = ${err.loginLinkId} and revoked_at is null
      returning id
    )
    update ${participants} set notification_status = 'failed'
    where id = (select participant_id from cancelled) and notification_status <> 'sent'
      and ${row.kind} = 'login_details'
  `);
}

/**
 * A failed attempt: retried later when temporary and attempts remain (honouring Retry-After),
 * otherwise failed for good, and the participant marked failed unless another message reached them.
 * A message with nowhere to go is cancelled instead (see markCancelled).
 */
export async function markFailed(
  db: Db,
  row: ClaimedMessage,
  err: unknown,
  copy?: MessageCopy,
): Promise<'retry' | 'failed' | 'cancelled'> {
  if (err instanceof MessageCancelled) {
    await markCancelled(db, row, err);
    return 'cancelled';
  }
  // The copy records what was made, which link (so the next attempt revokes it) and where it went.
  const made = copy
    ? {
        subject: copy.subject,
        body: copy.body,
        html: null,
        loginLinkId: copy.loginLinkId,
        recipient: copy.recipient,
      }
    : {};
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
        ...made,
      })
      .where(eq(outgoingMessages.id, row.id));
    return 'retry';
  }
  await db.transaction(async (tx) => {
    await tx
      .update(outgoingMessages)
      .set({
        status: 'failed_permanently',
        leaseUntil: null,
        lastError: reason,
        updatedAt: new Date(),
        ...made,
      })
      .where(eq(outgoingMessages.id, row.id));
    // The participant's notification status is about their login details only.
    if (row.participantId !== null && row.kind === 'login_details') {
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
