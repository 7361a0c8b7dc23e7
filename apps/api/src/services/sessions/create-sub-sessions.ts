import { eq, sql } from 'drizzle-orm';
import {
  format,
  messages,
  planSubSessions,
  type SubSessionConfig,
  type TSubSessionsCreated,
} from '@attend/shared';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { selectSessions } from './session-rows';
import { fieldError } from './validation';

/**
 * POST /api/sessions/global/{sessionId}/create_sub_sessions/: splits a top-level session that has
 * no sub-sessions yet into n concurrent groups or n sequential parts (see planSubSessions). They
 * inherit the parent's location, description and details.
 */
export async function createSubSessions(
  db: Db,
  actor: StaffActor,
  sessionId: number,
  config: SubSessionConfig,
  meta: { ip?: string } = {},
): Promise<TSubSessionsCreated> {
  await db.transaction(async (tx) => {
    // The lock makes a double submit create one set of sub-sessions, not two.
    const [parent] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('no key update');
    if (!parent) throw new AppError('not_found', messages.sessionNotFound);
    if (parent.parentSessionId !== null) throw fieldError('session', messages.nestedSubSession);
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.parentSessionId, sessionId));
    if ((existing?.n ?? 0) > 0) throw new AppError('conflict', messages.alreadyHasSubSessions);
    const plan = planSubSessions(
      {
        name: parent.name,
        start: parent.startTime,
        end: parent.endTime,
        maxParticipants: parent.maxParticipants,
      },
      config,
    );
    if (!plan.ok) throw fieldError(plan.field, plan.message);
    await tx.insert(sessions).values(
      plan.subSessions.map((s) => ({
        eventId: parent.eventId,
        parentSessionId: parent.id,
        name: s.name,
        description: parent.description,
        location: parent.location,
        startTime: s.start,
        endTime: s.end,
        maxParticipants: s.maxParticipants,
        isActive: parent.isActive,
        speakers: parent.speakers,
        whatToBring: parent.whatToBring,
        sessionType: parent.sessionType,
        image: parent.image,
      })),
    );
    await audit(tx, {
      action: 'session.create_sub_sessions',
      actor,
      eventId: parent.eventId,
      targetType: 'session',
      targetId: parent.id,
      ip: meta.ip,
      details: { count: plan.subSessions.length, type: config.sub_session_type },
    });
  });
  const subSessions = await selectSessions(db, eq(sessions.parentSessionId, sessionId), null);
  return {
    message: format(messages.subSessionsCreated, { count: subSessions.length }),
    sub_sessions: subSessions,
  };
}
