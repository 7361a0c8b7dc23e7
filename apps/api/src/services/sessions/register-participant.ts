import { and, eq, sql } from 'drizzle-orm';
import {
  conflictMessage,
  findConflict,
  isFull,
  messages,
  type ConflictSession,
  type TRegistrationResult,
} from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { participants, sessionRegistrations, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor, ParticipantActor } from '../../lib/tokens';
import { audit } from '../audit';

export type RegisterOptions = {
  /**
   * Test-only control: check and insert as separate statements, without the transaction and the
   * row locks, so a test can show that the race is real. Never set in application code.
   */
  unsafeWithoutLock?: boolean;
};

type SessionRow = typeof sessions.$inferSelect;

async function countRegistrations(db: DbOrTx, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.sessionId, sessionId));
  return row?.n ?? 0;
}

/** The participant's registered sessions as the conflict rule sees them. */
async function registeredSessions(db: DbOrTx, participantId: number): Promise<ConflictSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      name: sessions.name,
      start: sessions.startTime,
      end: sessions.endTime,
      parentSessionId: sessions.parentSessionId,
    })
    .from(sessionRegistrations)
    .innerJoin(sessions, eq(sessions.id, sessionRegistrations.sessionId))
    .where(eq(sessionRegistrations.participantId, participantId));
  return rows;
}

/**
 * Every rule of a registration, in order, on `db` (the transaction holding the locks, or the root
 * database on the unsafe control path). Returns the answer when already registered.
 */
async function checkAndRegister(
  db: DbOrTx,
  actor: ParticipantActor,
  sessionId: number,
  lock: boolean,
): Promise<{ result: TRegistrationResult; created: boolean }> {
  // Lock order is always participant, then session: registrations of one participant are
  // serialised (so two overlapping sessions cannot both pass the conflict check), and so are
  // registrations for one session (so the count cannot be overtaken). FOR NO KEY UPDATE leaves
  // foreign-key checks of other writers (check-ins) unblocked.
  const participantQuery = db
    .select({ id: participants.id, confirmed: participants.confirmedAttendance })
    .from(participants)
    .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
  const [participant] = lock ? await participantQuery.for('no key update') : await participantQuery;
  if (!participant) throw new AppError('not_found', messages.participantNotFound);

  const sessionQuery = db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.eventId, actor.eventId)));
  const [session]: SessionRow[] = lock ? await sessionQuery.for('no key update') : await sessionQuery;
  if (!session) throw new AppError('not_found', messages.sessionNotFound);
  if (!participant.confirmed) throw new AppError('forbidden', messages.confirmAttendanceFirst);
  if (!session.isActive) throw new AppError('bad_request', messages.sessionNotOpen);
  const [child] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.parentSessionId, session.id))
    .limit(1);
  if (child) throw new AppError('bad_request', messages.registerForSubSession);

  const registered = await registeredSessions(db, participant.id);
  if (registered.some((s) => s.id === session.id)) {
    const count = await countRegistrations(db, session.id);
    return {
      result: {
        is_registered: true,
        registered_count: count,
        is_full: isFull(session.maxParticipants, count),
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
  const conflict = findConflict(target, registered);
  if (conflict) throw new AppError('conflict', conflictMessage(target, conflict));

  const before = session.maxParticipants > 0 ? await countRegistrations(db, session.id) : 0;
  if (isFull(session.maxParticipants, before)) throw new AppError('conflict', messages.sessionFull);
  const inserted = await db
    .insert(sessionRegistrations)
    .values({ sessionId: session.id, participantId: participant.id })
    .onConflictDoNothing()
    .returning({ id: sessionRegistrations.id });
  const count = await countRegistrations(db, session.id);
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

/**
 * POST /api/sessions/{sessionId}/register/{participantId}/: a participant registers themself.
 * Needs confirmed attendance, an active session of their own event without sub-sessions, no time
 * clash (document 1 §5) and a free place. Capacity holds under concurrency: on PostgreSQL the
 * participant and session rows are locked inside the transaction; PGlite runs one transaction at
 * a time. Registering twice answers is_registered without a second row.
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
  return db.transaction((tx) => checkAndRegister(tx, actor, params.sessionId, true));
}

/**
 * DELETE /api/sessions/{sessionId}/register/{participantId}/: staff unregister anyone of the
 * session's event; a participant only themself. Unregistering someone not registered is a no-op.
 */
export async function unregisterFromSession(
  db: Db,
  actor: Actor,
  params: { sessionId: number; participantId: number },
  meta: { ip?: string } = {},
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
  const deleted = await db
    .delete(sessionRegistrations)
    .where(
      and(
        eq(sessionRegistrations.sessionId, session.id),
        eq(sessionRegistrations.participantId, participant.id),
      ),
    )
    .returning({ id: sessionRegistrations.id });
  if (deleted.length > 0 && actor.kind === 'staff') {
    await audit(db, {
      action: 'session.unregister',
      actor,
      eventId: session.eventId,
      targetType: 'participant',
      targetId: participant.id,
      ip: meta.ip,
      details: { session_id: session.id },
    });
  }
  const count = await countRegistrations(db, session.id);
  return {
    is_registered: false,
    registered_count: count,
    is_full: isFull(session.maxParticipants, count),
    message: deleted.length > 0 ? messages.unregisteredFromSession : messages.notRegistered,
  };
}
