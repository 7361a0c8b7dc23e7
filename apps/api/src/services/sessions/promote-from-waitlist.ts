import { sql } from 'drizzle-orm';
import { conflictMessage, findConflict, format, messages, type ConflictSession } from '@attend/shared';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { outgoingMessages } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { OUTBOX_CHANNEL } from '../notifications/outbox-channel';
import { e164, emailAddress, MAX_ATTEMPTS } from '../notifications/send-notifications';

/** The outbox kind of the message telling a participant they got a place from the line. */
export const PROMOTED_KIND = 'waitlist_promoted';

export type PromotionOptions = {
  /**
   * Test-only control: no row locks on the candidates (and callers skip theirs), so a test can show
   * that the line's guarantees depend on them. Never set in application code.
   */
  unsafeWithoutLock?: boolean;
};

/** Someone registered from the line. */
export type Promotion = { participantId: number; sessionId: number; waitlistId: number; joinedAt: string };

type SessionState = {
  event_id: number;
  name: string;
  start_time: Date | string;
  end_time: Date | string;
  parent_session_id: number | null;
  max_participants: number;
  is_active: boolean;
  has_children: boolean;
  registered: number;
  time_zone: string;
};
type LineRow = { id: number; participant_id: number; created_at: Date | string };
type CandidateRow = { confirmed: boolean; full_name: string; event_id: number };
type SessionJson = { id: number; name: string; start: string; end: string; parent: number | null };

const toConflict = (s: SessionJson): ConflictSession => ({
  id: s.id,
  name: s.name,
  start: new Date(s.start),
  end: new Date(s.end),
  parentSessionId: s.parent,
});

/** A PostgreSQL lock refused at once (FOR … NOWAIT): the whole transaction is tried again. */
function isLockNotAvailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '55P03') return true;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}

/**
 * Runs `work` in a transaction that may free seats, again when a candidate's row was locked by
 * someone else. Lock order: a registration takes the participant's row and then the session's; a
 * change that frees a seat holds the session's row first, so it may not wait for a candidate's row
 * (the two would deadlock): it asks with NOWAIT and, refused, gives everything back and starts over
 * after a short pause, by when the other transaction has finished.
 */
export async function withSeatChange<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (err) {
      if (!isLockNotAvailable(err) || attempt >= 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, 1 + attempt * 2) * Math.random()));
    }
  }
}

async function sessionState(db: DbOrTx, sessionId: number): Promise<SessionState | undefined> {
  const result =
    await db.execute(sql`select s.event_id, s.name, s.start_time, s.end_time, s.parent_session_id,
      s.max_participants, s.is_active,
      exists(select 1 from sessions c where c.parent_session_id = s.id) as has_children,
      (select count(*) from session_registrations r where r.session_id = s.id)::int as registered,
      (select e.time_zone from events e where e.id = s.event_id) as time_zone
    from sessions s where s.id = ${sessionId}`);
  return resultRows<SessionState>(result)[0];
}

/** The participant's row, locked (NOWAIT: see withSeatChange) unless on the unsafe control path. */
async function lockCandidate(
  db: DbOrTx,
  participantId: number,
  lock: boolean,
): Promise<CandidateRow | undefined> {
  const result = await db.execute(sql`select p.confirmed_attendance as confirmed, p.full_name, p.event_id
    from participants p where p.id = ${participantId}
    ${lock ? sql`for no key update nowait` : sql``}`);
  return resultRows<CandidateRow>(result)[0];
}

async function registeredSessions(db: DbOrTx, participantId: number): Promise<SessionJson[]> {
  const result = await db.execute(sql`select s.id, s.name, s.start_time as start, s.end_time as "end",
      s.parent_session_id as parent
    from session_registrations r join sessions s on s.id = r.session_id
    where r.participant_id = ${participantId}`);
  return resultRows<SessionJson>(result);
}

type Target = ConflictSession & { eventId: number; timeZone: string };

/**
 * Registers the participant from the line (their entry goes), removes their other entries that now
 * clash, and queues the e-mail and SMS that tell them, all on `db` (the caller's transaction).
 */
async function admit(
  db: DbOrTx,
  target: Target,
  entry: LineRow,
  actor: StaffActor | null,
): Promise<Promotion> {
  await db.execute(sql`insert into session_registrations (session_id, participant_id)
    values (${target.id}, ${entry.participant_id}) on conflict do nothing`);
  await db.execute(sql`delete from session_waitlist where id = ${entry.id}`);
  const others = resultRows<SessionJson & { waitlist_id: number }>(
    await db.execute(sql`select w.id as waitlist_id, s.id, s.name, s.start_time as start, s.end_time as "end",
        s.parent_session_id as parent
      from session_waitlist w join sessions s on s.id = w.session_id
      where w.participant_id = ${entry.participant_id}`),
  );
  const clashing = others
    .filter((o) => findConflict(toConflict(o), [target]) !== null)
    .map((o) => o.waitlist_id);
  if (clashing.length > 0) {
    await db.execute(
      sql`delete from session_waitlist where id in (${sql.join(
        clashing.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  await queuePromotionMessages(db, entry.participant_id, target.id);
  const joinedAt = new Date(entry.created_at).toISOString();
  await audit(db, {
    action: actor ? 'session.waitlist_promote' : 'session.waitlist_auto_promote',
    actor,
    eventId: target.eventId,
    targetType: 'participant',
    targetId: entry.participant_id,
    details: { session_id: target.id, waitlist_id: entry.id, joined_at: joinedAt },
  });
  return { participantId: entry.participant_id, sessionId: target.id, waitlistId: entry.id, joinedAt };
}

/**
 * Queues the "you have a place" message on what the participant has: an e-mail when their address
 * is one, an SMS when their phone number is one. The text is made when it is sent, in their
 * language (deliver-message.ts).
 */
async function queuePromotionMessages(db: DbOrTx, participantId: number, sessionId: number): Promise<void> {
  const [p] = resultRows<{ email: string; phone: string; event_id: number; country: string }>(
    await db.execute(sql`select p.email, p.phone, p.event_id, e.default_country as country
      from participants p join events e on e.id = p.event_id where p.id = ${participantId}`),
  );
  if (!p) return;
  const kind = `${PROMOTED_KIND}:${sessionId}` as const;
  const base = { eventId: p.event_id, participantId, kind, body: '', maxAttempts: MAX_ATTEMPTS };
  const rows: (typeof outgoingMessages.$inferInsert)[] = [];
  const email = emailAddress(p.email);
  if (email) rows.push({ ...base, channel: 'email', recipient: email });
  const phone = e164(p.phone, p.country);
  if (phone) rows.push({ ...base, channel: 'sms', recipient: phone });
  if (rows.length === 0) return;
  await db.insert(outgoingMessages).values(rows);
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Gives the session's free seats to the line, first come first served: each person in line order
 * who can take a seat is registered; someone no longer confirmed, or now registered for a clashing
 * session, is skipped and keeps their place. The caller holds the session's row lock (or is the
 * unsafe control) in the transaction that freed the seats, so the freed seat never shows free.
 */
export async function fillFromWaitlist(
  db: DbOrTx,
  sessionId: number,
  options: PromotionOptions = {},
): Promise<Promotion[]> {
  const state = await sessionState(db, sessionId);
  if (!state || !state.is_active || state.has_children) return [];
  let free =
    state.max_participants > 0 ? state.max_participants - state.registered : Number.POSITIVE_INFINITY;
  if (free <= 0) return [];
  const line = resultRows<LineRow>(
    await db.execute(sql`select id, participant_id, created_at from session_waitlist
      where session_id = ${sessionId} order by created_at, id`),
  );
  const target: Target = {
    id: sessionId,
    name: state.name,
    start: new Date(state.start_time),
    end: new Date(state.end_time),
    parentSessionId: state.parent_session_id,
    eventId: state.event_id,
    timeZone: state.time_zone,
  };
  const promoted: Promotion[] = [];
  for (const entry of line) {
    if (free <= 0) break;
    const candidate = await lockCandidate(db, entry.participant_id, !options.unsafeWithoutLock);
    if (!candidate || !candidate.confirmed) continue;
    const mine = await registeredSessions(db, entry.participant_id);
    if (mine.some((s) => s.id === sessionId)) {
      // Registered directly meanwhile: the entry has nothing left to wait for.
      await db.execute(sql`delete from session_waitlist where id = ${entry.id}`);
      continue;
    }
    if (findConflict(target, mine.map(toConflict))) continue;
    promoted.push(await admit(db, target, entry, null));
    free--;
  }
  return promoted;
}

/**
 * Staff promote one person from the line by hand, skipping the order: refused when the session is
 * full, and with the usual rules (confirmed attendance, no clash). Runs in the caller's transaction,
 * which holds the session's row lock.
 */
export async function promoteOne(
  db: DbOrTx,
  actor: StaffActor,
  sessionId: number,
  participantId: number,
): Promise<Promotion> {
  const state = await sessionState(db, sessionId);
  if (!state) throw new AppError('not_found', messages.sessionNotFound);
  const [entry] = resultRows<LineRow>(
    await db.execute(sql`select id, participant_id, created_at from session_waitlist
      where session_id = ${sessionId} and participant_id = ${participantId}`),
  );
  if (!entry) throw new AppError('not_found', messages.notOnWaitlist);
  if (!state.is_active) throw new AppError('bad_request', messages.sessionNotOpen);
  if (state.max_participants > 0 && state.registered >= state.max_participants) {
    throw new AppError('conflict', messages.waitlistPromoteFull);
  }
  const candidate = await lockCandidate(db, participantId, true);
  if (!candidate) throw new AppError('not_found', messages.participantNotFound);
  if (!candidate.confirmed) {
    throw new AppError('conflict', format(messages.waitlistNotConfirmed, { name: candidate.full_name }));
  }
  const target: Target = {
    id: sessionId,
    name: state.name,
    start: new Date(state.start_time),
    end: new Date(state.end_time),
    parentSessionId: state.parent_session_id,
    eventId: state.event_id,
    timeZone: state.time_zone,
  };
  const mine = await registeredSessions(db, participantId);
  if (!mine.some((s) => s.id === sessionId)) {
    const conflict = findConflict(target, mine.map(toConflict));
    if (conflict) throw new AppError('conflict', conflictMessage(target, conflict, state.time_zone));
  }
  return admit(db, target, entry, actor);
}
