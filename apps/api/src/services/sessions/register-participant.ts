import { and, eq, sql } from 'drizzle-orm';
import {
  conflictMessage,
  findConflict,
  isFull,
  messages,
  type ConflictSession,
  type TRegistrationResult,
} from '@attend/shared';
import { prepareRaw, type Db, type DbOrTx } from '../../db/client';
import { events, participants, sessionRegistrations, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor, ParticipantActor } from '../../lib/tokens';
import { audit } from '../audit';
import { fillFromWaitlist, withSeatChange, type PromotionOptions } from './promote-from-waitlist';

export type RegisterOptions = {
  /**
   * Test-only control: check and insert as separate statements, without the transaction and the
   * row locks, so a test can show that the race is real. Never set in application code.
   */
  unsafeWithoutLock?: boolean;
};

async function countRegistrations(db: DbOrTx, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return row?.n ?? 0;
}

type LockedRow = {
  confirmed: boolean;
  name: string;
  start_time: Date | string;
  end_time: Date | string;
  parent_session_id: number | null;
  max_participants: number;
  is_active: boolean;
};
type RegisteredJson = { id: number; name: string; start: string; end: string; parent: number | null };

/**
 * Every rule of a registration, in order, on `db`: the transaction holding the locks, or the root
 * database on the unsafe control path. Every round trip costs (PGlite spends ~0.3 ms on any
 * statement), so the work is three statements (lock, read, insert) and the answer is computed.
 */
async function checkAndRegister(
  db: DbOrTx,
  actor: ParticipantActor,
  sessionId: number,
  lock: boolean,
): Promise<{ result: TRegistrationResult; created: boolean }> {
  // 1. The participant and the session rows, locked in FROM order (participant, then session) by
  //    one statement. Registrations of one participant are thereby serialised (two overlapping
  //    sessions cannot both pass the conflict check), and so are registrations for one session
  //    (the count cannot be overtaken). FOR NO KEY UPDATE leaves foreign-key checks of other
  //    writers (check-ins) unblocked. Raw SQL with only the columns needed: on PGlite a wide
  //    Drizzle row costs as much as the query itself.
  const locked = await db.execute(sql`select p.confirmed_attendance as confirmed, s.name, s.start_time,
      s.end_time, s.parent_session_id, s.max_participants, s.is_active
    from participants p join sessions s on s.id = ${sessionId} and s.event_id = ${actor.eventId}
    where p.id = ${actor.participantId} and p.event_id = ${actor.eventId}
    ${lock ? sql`for no key update of p, s` : sql``}`);
  const [row] = (locked as unknown as { rows: LockedRow[] }).rows;
  if (!row) {
    const [p] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
    throw new AppError('not_found', p ? messages.sessionNotFound : messages.participantNotFound);
  }
  const session = {
    id: sessionId,
    name: row.name,
    startTime: new Date(row.start_time),
    endTime: new Date(row.end_time),
    parentSessionId: row.parent_session_id,
    maxParticipants: row.max_participants,
    isActive: row.is_active,
  };
  if (!row.confirmed) throw new AppError('forbidden', messages.confirmAttendanceFirst);
  if (!session.isActive) throw new AppError('bad_request', messages.sessionNotOpen);

  // 2. Read after the locks are held, so this statement's snapshot has every committed
  //    registration of the session and of the participant.
  const result = await db.execute(sql`select
      exists(select 1 from sessions c where c.parent_session_id = ${session.id}) as has_children,
      (select count(*) from session_registrations r where r.session_id = ${session.id})::int as registered,
      coalesce((select json_agg(json_build_object(
          'id', s.id, 'name', s.name, 'start', s.start_time, 'end', s.end_time, 'parent', s.parent_session_id))
        from session_registrations r join sessions s on s.id = r.session_id
        where r.participant_id = ${actor.participantId}), '[]'::json) as mine`);
  const [state] = (
    result as unknown as { rows: { has_children: boolean; registered: number; mine: RegisteredJson[] }[] }
  ).rows;
  if (!state) throw new Error('registration state query returned nothing');
  if (state.has_children) throw new AppError('bad_request', messages.registerForSubSession);
  if (state.mine.some((s) => s.id === session.id)) {
    return {
      result: {
        is_registered: true,
        registered_count: state.registered,
        is_full: isFull(session.maxParticipants, state.registered),
        message: messages.alreadyRegistered,
      },
      created: false,
    };
  }
  const target: ConflictSession = {
    id: session.id,
    name: session.name,
    start: session.startTime,
    end: session.endTime,
    parentSessionId: session.parentSessionId,
  };
  const registered: ConflictSession[] = state.mine.map((s) => ({
    id: s.id,
    name: s.name,
    start: new Date(s.start),
    end: new Date(s.end),
    parentSessionId: s.parent,
  }));
  const conflict = findConflict(target, registered);
  if (conflict) {
    // Read only on refusal: the common path stays at three statements.
    const [event] = await db
      .select({ timeZone: events.timeZone })
      .from(events)
      .where(eq(events.id, actor.eventId));
    throw new AppError('conflict', conflictMessage(target, conflict, event?.timeZone));
  }
  if (isFull(session.maxParticipants, state.registered)) throw new AppError('conflict', messages.sessionFull);

  // 3. The insert; a duplicate (possible only on the unsafe path) adds nothing.
  const inserted = await db
    .insert(sessionRegistrations)
    .values({ sessionId: session.id, participantId: actor.participantId })
    .onConflictDoNothing()
    .returning({ id: sessionRegistrations.id });
  // Registered: their place in this session's line, if any, has nothing left to wait for.
  if (inserted.length > 0) {
    await db.execute(sql`delete from session_waitlist
      where session_id = ${session.id} and participant_id = ${actor.participantId}`);
  }
  const count = state.registered + inserted.length;
  return {
    result: {
      is_registered: true,
      registered_count: count,
      is_full: isFull(session.maxParticipants, count),
      message: inserted.length > 0 ? messages.registeredForSession : messages.alreadyRegistered,
    },
    created: inserted.length > 0,
  };
}

const p = (name: string) => sql.placeholder(name);

// Prepared once per database (a named statement on PostgreSQL).
function prepareRegisterIfFree(db: DbOrTx) {
  return prepareRaw<{ registered: number; max_participants: number }>(
    db,
    'register_if_free',
    // The registration also ends the participant's place in the session's line, in the same
    // statement (one round trip still).
    sql`with r as (
        select registered, max_participants
        from register_if_free(${p('eventId')}::int, ${p('participantId')}::int, ${p('sessionId')}::int)
      ), w as (
        delete from session_waitlist
        where session_id = ${p('sessionId')}::int and participant_id = ${p('participantId')}::int
          and exists (select 1 from r)
      )
      select registered, max_participants from r`,
  );
}
const registerIfFreeStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareRegisterIfFree>>();

/**
 * The usual case in one statement and no open transaction: register_if_free (migration 0013) locks
 * the rows and inserts when the registration plainly breaks no rule. Answers null for anything
 * else (a refusal, a second registration, a parent and its own sub-session): the locked path
 * decides those with the full rules and the exact message.
 */
async function registerIfFree(
  db: Db,
  actor: ParticipantActor,
  sessionId: number,
): Promise<{ result: TRegistrationResult; created: boolean } | null> {
  let q = registerIfFreeStatements.get(db);
  if (!q) registerIfFreeStatements.set(db, (q = prepareRegisterIfFree(db)));
  const [done] = await q.execute({ eventId: actor.eventId, participantId: actor.participantId, sessionId });
  if (!done) return null;
  return {
    result: {
      is_registered: true,
      registered_count: done.registered,
      is_full: isFull(done.max_participants, done.registered),
      message: messages.registeredForSession,
    },
    created: true,
  };
}

/**
 * POST /api/sessions/{sessionId}/register/{participantId}/: a participant registers themself.
 * Needs confirmed attendance, an active session of their own event without sub-sessions, no time
 * clash (document 1 §5) and a free place. Capacity holds under concurrency: every insert happens
 * under the participant's and the session's row locks, in register_if_free or on the locked path
 * inside a transaction. Registering twice answers is_registered without a second row.
 */
export async function registerForSession(
  db: Db,
  actor: ParticipantActor,
  params: { sessionId: number; participantId: number },
  options: RegisterOptions = {},
): Promise<{ result: TRegistrationResult; created: boolean }> {
  if (params.participantId !== actor.participantId)
    throw new AppError('forbidden', messages.registerSelfOnly);
  if (options.unsafeWithoutLock) return checkAndRegister(db, actor, params.sessionId, false);
  const fast = await registerIfFree(db, actor, params.sessionId);
  if (fast) return fast;
  return db.transaction((tx) => checkAndRegister(tx, actor, params.sessionId, true));
}

/**
 * DELETE /api/sessions/{sessionId}/register/{participantId}/: staff unregister anyone of the
 * session's event; a participant only themself. Unregistering someone not registered is a no-op.
 * The freed seat goes to the first person in the session's line who can take it, in the same
 * transaction, under the session's row lock (so no direct registration can take it in between).
 */
export async function unregisterFromSession(
  db: Db,
  actor: Actor,
  params: { sessionId: number; participantId: number },
  meta: { ip?: string } = {},
  options: PromotionOptions = {},
): Promise<TRegistrationResult> {
  if (actor.kind === 'participant' && params.participantId !== actor.participantId) {
    throw new AppError('forbidden', messages.registerSelfOnly);
  }
  const [session] = await db.select().from(sessions).where(eq(sessions.id, params.sessionId));
  if (!session || (actor.kind === 'participant' && session.eventId !== actor.eventId)) {
    throw new AppError('not_found', messages.sessionNotFound);
  }
  const [participant] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.id, params.participantId), eq(participants.eventId, session.eventId)));
  if (!participant) throw new AppError('not_found', messages.participantNotFound);
  const work = async (tx: DbOrTx) => {
    if (!options.unsafeWithoutLock) {
      await tx.execute(sql`select id from sessions where id = ${session.id} for no key update`);
    }
    const deleted = await tx
      .delete(sessionRegistrations)
      .where(
        and(
          eq(sessionRegistrations.sessionId, session.id),
          eq(sessionRegistrations.participantId, participant.id),
        ),
      )
      .returning({ id: sessionRegistrations.id });
    if (deleted.length > 0) {
      if (actor.kind === 'staff') {
        await audit(tx, {
          action: 'session.unregister',
          actor,
          eventId: session.eventId,
          targetType: 'participant',
          targetId: participant.id,
          ip: meta.ip,
          details: { session_id: session.id },
        });
      }
      await fillFromWaitlist(tx, session.id, options);
    }
    const count = await countRegistrations(tx, session.id);
    return {
      is_registered: false,
      registered_count: count,
      is_full: isFull(session.maxParticipants, count),
      message: deleted.length > 0 ? messages.unregisteredFromSession : messages.notRegistered,
    };
  };
  return options.unsafeWithoutLock ? work(db) : withSeatChange(db, work);
}
