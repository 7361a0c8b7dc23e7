import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { availableSlots, displayStatus, isFull, messages, type TSession } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/tokens';

const parent = alias(sessions, 'parent');

/** Session rows with the counts the lists show, and for a participant whether they are registered. */
export async function selectSessions(
  db: DbOrTx,
  where: SQL,
  participantId: number | null,
): Promise<TSession[]> {
  const rows = await db
    .select({
      s: sessions,
      parentName: parent.name,
      timeZone: sql<string>`(select e.time_zone from events e where e.id = sessions.event_id)`,
      registered: sql<number>`(select count(*) from session_registrations r
        where r.session_id = sessions.id)::int`,
      subCount: sql<number>`(select count(*) from sessions c where c.parent_session_id = sessions.id)::int`,
      subRegistered: sql<number>`(select count(*) from session_registrations r
        join sessions c on c.id = r.session_id where c.parent_session_id = sessions.id)::int`,
      waitlistCount: sql<number>`(select count(*) from session_waitlist w where w.session_id = sessions.id)::int`,
      waitlistPosition:
        participantId === null
          ? sql<number | null>`null::int`
          : sql<number | null>`(select (select count(*) from session_waitlist o
                where o.session_id = w.session_id and (o.created_at, o.id) <= (w.created_at, w.id))::int
              from session_waitlist w where w.session_id = sessions.id and w.participant_id = ${participantId})`,
      isRegistered:
        participantId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists(select 1 from session_registrations r
              where r.session_id = sessions.id and r.participant_id = ${participantId})`,
    })
    .from(sessions)
    .leftJoin(parent, eq(parent.id, sessions.parentSessionId))
    .where(where)
    .orderBy(asc(sessions.startTime), asc(sessions.id));
  const now = new Date();
  return rows.map(
    ({
      s,
      parentName,
      timeZone,
      registered,
      subCount,
      subRegistered,
      isRegistered,
      waitlistCount,
      waitlistPosition,
    }) => {
      const session: TSession = {
        id: s.id,
        event: s.eventId,
        name: s.name,
        description: s.description,
        location: s.location,
        start_time: s.startTime.toISOString(),
        end_time: s.endTime.toISOString(),
        max_participants: s.maxParticipants,
        is_active: s.isActive,
        speakers: s.speakers,
        what_to_bring: s.whatToBring,
        session_type: s.sessionType,
        image: s.image,
        registered_count: registered,
        current_participants_count: registered + subRegistered,
        available_slots: availableSlots(s.maxParticipants, registered),
        is_full: isFull(s.maxParticipants, registered),
        status: displayStatus({ start: s.startTime, end: s.endTime }, now),
        has_sub_sessions: subCount > 0,
        sub_sessions_count: subCount,
        is_sub_session: s.parentSessionId !== null,
        parent_session: s.parentSessionId,
        parent_session_name: parentName,
        time_zone: timeZone,
        waitlist_count: waitlistCount,
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      };
      if (participantId !== null) {
        session.is_registered = isRegistered;
        session.is_waitlisted = waitlistPosition !== null;
        session.waitlist_position = waitlistPosition;
      }
      return session;
    },
  );
}

/** One session of the event as the actor sees it, or 404 'Session not found'. */
export async function selectSession(
  db: DbOrTx,
  actor: Actor,
  eventId: number,
  sessionId: number,
): Promise<TSession> {
  const [session] = await selectSessions(
    db,
    and(eq(sessions.id, sessionId), eq(sessions.eventId, eventId)) as SQL,
    actor.kind === 'participant' ? actor.participantId : null,
  );
  if (!session) throw new AppError('not_found', messages.sessionNotFound);
  return session;
}

/** The session row if it exists and the actor may see its event; otherwise 404 'Session not found'. */
export async function requireSessionRow(db: DbOrTx, actor: Actor, sessionId: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!row || (actor.kind === 'participant' && row.eventId !== actor.eventId)) {
    throw new AppError('not_found', messages.sessionNotFound);
  }
  return row;
}
