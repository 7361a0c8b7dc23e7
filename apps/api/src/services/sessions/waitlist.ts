import { and, eq, sql } from 'drizzle-orm';
import {
  conflictMessage,
  findConflict,
  format,
  isFull,
  messages,
  type ConflictSession,
  type TWaitlistActionResult,
  type TWaitlistEntry,
  type TWaitlistResult,
} from '@attend/shared';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { participants, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor, ParticipantActor, StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { requireEvent } from '../events/get-event';
import { promoteOne, withSeatChange } from './promote-from-waitlist';

type LockedRow = {
  confirmed: boolean;
  name: string;
  start_time: Date | string;
  end_time: Date | string;
  parent_session_id: number | null;
  max_participants: number;
  is_active: boolean;
  time_zone: string;
};
type RegisteredJson = { id: number; name: string; start: string; end: string; parent: number | null };

/** The participant's place in the session's line (1 = next), and how long the line is. */
async function linePlace(
  db: DbOrTx,
  sessionId: number,
  participantId: number,
): Promise<{ position: number | null; count: number }> {
  const [row] = resultRows<{ position: number | null; count: number }>(
    await db.execute(sql`select
        (select count(*) from session_waitlist o, session_waitlist w
          where w.session_id = ${sessionId} and w.participant_id = ${participantId}
            and o.session_id = w.session_id and (o.created_at, o.id) <= (w.created_at, w.id))::int as position,
        (select count(*) from session_waitlist w where w.session_id = ${sessionId})::int as count`),
  );
  const position = row?.position ?? 0;
  return { position: position > 0 ? position : null, count: row?.count ?? 0 };
}

/**
 * POST /api/sessions/{sessionId}/waitlist/{participantId}/: a confirmed participant joins the line
 * of a full session of their event (only for themself). Refused with the registration rules' own
 * messages: not confirmed, session not open, a parent with sub-sessions, already registered, a time
 * clash with a session they are registered for; and when the session still has places (register
 * instead). Rows are locked like a registration (participant, then session), so the answer holds:
 * the session was full when they joined. Joining twice answers their place without a second entry.
 */
export async function joinWaitlist(
  db: Db,
  actor: ParticipantActor,
  params: { sessionId: number; participantId: number },
): Promise<{ result: TWaitlistResult; created: boolean }> {
  if (params.participantId !== actor.participantId)
    throw new AppError('forbidden', messages.registerSelfOnly);
  return db.transaction(async (tx) => {
    const [row] = resultRows<LockedRow>(
      await tx.execute(sql`select p.confirmed_attendance as confirmed, s.name, s.start_time, s.end_time,
          s.parent_session_id, s.max_participants, s.is_active,
          (select e.time_zone from events e where e.id = s.event_id) as time_zone
        from participants p join sessions s on s.id = ${params.sessionId} and s.event_id = ${actor.eventId}
        where p.id = ${actor.participantId} and p.event_id = ${actor.eventId}
        for no key update of p, s`),
    );
    if (!row) {
      const [p] = await tx
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
      throw new AppError('not_found', p ? messages.sessionNotFound : messages.participantNotFound);
    }
    if (!row.confirmed) throw new AppError('forbidden', messages.confirmAttendanceFirst);
    if (!row.is_active) throw new AppError('bad_request', messages.sessionNotOpen);
    const [state] = resultRows<{ has_children: boolean; registered: number; mine: RegisteredJson[] }>(
      await tx.execute(sql`select
          exists(select 1 from sessions c where c.parent_session_id = ${params.sessionId}) as has_children,
          (select count(*) from session_registrations r where r.session_id = ${params.sessionId})::int as registered,
          coalesce((select json_agg(json_build_object(
              'id', s.id, 'name', s.name, 'start', s.start_time, 'end', s.end_time, 'parent', s.parent_session_id))
            from session_registrations r join sessions s on s.id = r.session_id
            where r.participant_id = ${actor.participantId}), '[]'::json) as mine`),
    );
    if (!state) throw new Error('waiting list state query returned nothing');
    if (state.has_children) throw new AppError('bad_request', messages.registerForSubSession);
    if (state.mine.some((s) => s.id === params.sessionId)) {
      throw new AppError('conflict', messages.alreadyRegistered);
    }
    const target: ConflictSession = {
      id: params.sessionId,
      name: row.name,
      start: new Date(row.start_time),
      end: new Date(row.end_time),
      parentSessionId: row.parent_session_id,
    };
    const conflict = findConflict(
      target,
      state.mine.map((s) => ({
        id: s.id,
        name: s.name,
        start: new Date(s.start),
        end: new Date(s.end),
        parentSessionId: s.parent,
      })),
    );
    if (conflict) throw new AppError('conflict', conflictMessage(target, conflict, row.time_zone));
    if (!isFull(row.max_participants, state.registered)) {
      throw new AppError('bad_request', messages.waitlistSessionNotFull);
    }
    // clock_timestamp(), not now(): the line's order is the order the locks let people in.
    const inserted = resultRows<{ id: number }>(
      await tx.execute(sql`insert into session_waitlist (session_id, participant_id, created_at)
        values (${params.sessionId}, ${actor.participantId}, clock_timestamp())
        on conflict do nothing returning id`),
    );
    const place = await linePlace(tx, params.sessionId, actor.participantId);
    return {
      result: {
        is_waitlisted: true,
        waitlist_position: place.position,
        waitlist_count: place.count,
        message: inserted.length > 0 ? messages.waitlistJoined : messages.waitlistAlreadyJoined,
      },
      created: inserted.length > 0,
    };
  });
}

/** The session if it exists and the actor may act on it (a participant: only their own event's). */
async function requireSession(db: DbOrTx, actor: Actor, sessionId: number, eventId?: number) {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (
    !session ||
    (actor.kind === 'participant' && session.eventId !== actor.eventId) ||
    (eventId !== undefined && session.eventId !== eventId)
  ) {
    throw new AppError('not_found', messages.sessionNotFound);
  }
  return session;
}

async function requireEventParticipant(db: DbOrTx, eventId: number, participantId: number) {
  const [participant] = await db
    .select({ id: participants.id, fullName: participants.fullName })
    .from(participants)
    .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)));
  if (!participant) throw new AppError('not_found', messages.participantNotFound);
  return participant;
}

/**
 * DELETE /api/sessions/{sessionId}/waitlist/{participantId}/: a participant leaves a line (only
 * their own place); staff may take anyone of the session's event out. Leaving a line one is not in
 * changes nothing and says so. No seat frees, so nobody is promoted.
 */
export async function leaveWaitlist(
  db: Db,
  actor: Actor,
  params: { sessionId: number; participantId: number },
  meta: { ip?: string } = {},
): Promise<TWaitlistResult> {
  if (actor.kind === 'participant' && params.participantId !== actor.participantId) {
    throw new AppError('forbidden', messages.registerSelfOnly);
  }
  const session = await requireSession(db, actor, params.sessionId);
  const participant = await requireEventParticipant(db, session.eventId, params.participantId);
  const deleted = resultRows<{ id: number }>(
    await db.execute(sql`delete from session_waitlist
      where session_id = ${session.id} and participant_id = ${participant.id} returning id`),
  );
  if (deleted.length > 0 && actor.kind === 'staff') {
    await audit(db, {
      action: 'session.waitlist_remove',
      actor,
      eventId: session.eventId,
      targetType: 'participant',
      targetId: participant.id,
      ip: meta.ip,
      details: { session_id: session.id },
    });
  }
  const place = await linePlace(db, session.id, participant.id);
  return {
    is_waitlisted: false,
    waitlist_position: null,
    waitlist_count: place.count,
    message: deleted.length > 0 ? messages.waitlistLeft : messages.notOnWaitlist,
  };
}

/**
 * GET /api/events/{eventId}/sessions/{sessionId}/waitlist/ (staff): the line in order, with when
 * each person joined it.
 */
export async function listWaitlist(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  sessionId: number,
): Promise<TWaitlistEntry[]> {
  await requireEvent(db, actor, eventId);
  const session = await requireSession(db, actor, sessionId, eventId);
  return waitlistOf(db, session.id);
}

/** A session's line in order (also the export's waiting-list sheet). */
export async function waitlistOf(db: DbOrTx, sessionId: number): Promise<TWaitlistEntry[]> {
  const rows = resultRows<{
    participant_id: number;
    full_name: string;
    email: string;
    organization: string;
    confirmed: boolean;
    created_at: Date | string;
  }>(
    await db.execute(sql`select w.participant_id, p.full_name, p.email, p.organization,
        p.confirmed_attendance as confirmed, w.created_at
      from session_waitlist w join participants p on p.id = w.participant_id
      where w.session_id = ${sessionId} order by w.created_at, w.id`),
  );
  return rows.map((r, i) => ({
    participant_id: r.participant_id,
    full_name: r.full_name,
    email: r.email,
    organization: r.organization,
    confirmed_attendance: r.confirmed,
    joined_at: new Date(r.created_at).toISOString(),
    position: i + 1,
  }));
}

async function counts(db: DbOrTx, sessionId: number) {
  const [row] = resultRows<{ registered: number; waiting: number }>(
    await db.execute(sql`select
        (select count(*) from session_registrations r where r.session_id = ${sessionId})::int as registered,
        (select count(*) from session_waitlist w where w.session_id = ${sessionId})::int as waiting`),
  );
  return { registered_count: row?.registered ?? 0, waitlist_count: row?.waiting ?? 0 };
}

/** DELETE /api/events/{eventId}/sessions/{sessionId}/waitlist/{participantId}/ (staff). */
export async function removeFromWaitlist(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; sessionId: number; participantId: number },
  meta: { ip?: string } = {},
): Promise<TWaitlistActionResult> {
  await requireEvent(db, actor, params.eventId);
  const session = await requireSession(db, actor, params.sessionId, params.eventId);
  const participant = await requireEventParticipant(db, session.eventId, params.participantId);
  const deleted = resultRows<{ id: number }>(
    await db.execute(sql`delete from session_waitlist
      where session_id = ${session.id} and participant_id = ${participant.id} returning id`),
  );
  if (deleted.length === 0) throw new AppError('not_found', messages.notOnWaitlist);
  await audit(db, {
    action: 'session.waitlist_remove',
    actor,
    eventId: session.eventId,
    targetType: 'participant',
    targetId: participant.id,
    ip: meta.ip,
    details: { session_id: session.id },
  });
  return {
    message: format(messages.waitlistRemoved, { name: participant.fullName }),
    ...(await counts(db, session.id)),
  };
}

/**
 * POST /api/events/{eventId}/sessions/{sessionId}/waitlist/{participantId}/promote/ (staff):
 * registers one person from the line now, out of order; refused when the session is full.
 */
export async function promoteFromWaitlist(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; sessionId: number; participantId: number },
): Promise<TWaitlistActionResult> {
  await requireEvent(db, actor, params.eventId);
  const session = await requireSession(db, actor, params.sessionId, params.eventId);
  const participant = await requireEventParticipant(db, session.eventId, params.participantId);
  return withSeatChange(db, async (tx) => {
    await tx.execute(sql`select id from sessions where id = ${session.id} for no key update`);
    await promoteOne(tx, actor, session.id, participant.id);
    return {
      message: format(messages.waitlistPromoted, { name: participant.fullName }),
      ...(await counts(tx, session.id)),
    };
  });
}
