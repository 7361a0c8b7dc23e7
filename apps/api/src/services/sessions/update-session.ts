import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { messages, within, type TSession, type TSessionUpdateParsed } from '@attend/shared';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { requireEvent } from '../events/get-event';
import { assertWithinEvent, outsideParentMessage } from './create-session';
import { fillFromWaitlist, withSeatChange } from './promote-from-waitlist';
import { selectSession } from './session-rows';
import { fieldError, placeSessionTimes, sessionColumns } from './validation';

/**
 * PUT /api/events/{eventId}/sessions/{sessionId}/. A session must stay within its event's dates, a
 * sub-session within its parent's window, and a parent's new window must still hold all of its
 * sub-sessions. Places a change frees
 * (a higher capacity) go to the first people in the session's line in the same transaction.
 */
export async function updateSession(
  db: Db,
  actor: StaffActor,
  eventId: number,
  sessionId: number,
  input: TSessionUpdateParsed,
  meta: { ip?: string } = {},
): Promise<TSession> {
  const event = await requireEvent(db, actor, eventId);
  if (input.event !== undefined && input.event !== eventId) throw fieldError('event', messages.eventMismatch);
  const times = placeSessionTimes(input, event.timeZone);
  await withSeatChange(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.eventId, eventId)))
      .for('no key update');
    if (!current) throw new AppError('not_found', messages.sessionNotFound);
    if (current.parentSessionId !== null) {
      const [parent] = await tx.select().from(sessions).where(eq(sessions.id, current.parentSessionId));
      if (parent && !within(times, { start: parent.startTime, end: parent.endTime })) {
        throw fieldError('start_time', outsideParentMessage(parent, event.timeZone));
      }
    }
    assertWithinEvent(times, event);
    const [outside] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(
        and(
          eq(sessions.parentSessionId, sessionId),
          or(lt(sessions.startTime, times.start), gt(sessions.endTime, times.end)),
        ),
      );
    if ((outside?.n ?? 0) > 0) throw fieldError('start_time', messages.subSessionsOutsideWindow);
    await tx
      .update(sessions)
      .set({
        ...sessionColumns(input, times),
        updatedAt: new Date(),
      })
      .where(eq(sessions.id, sessionId));
    // A raised capacity (or a session opened again) gives its new places to the line at once.
    await fillFromWaitlist(tx, sessionId);
    await audit(tx, {
      action: 'session.update',
      actor,
      eventId,
      targetType: 'session',
      targetId: sessionId,
      ip: meta.ip,
    });
  });
  return selectSession(db, actor, eventId, sessionId);
}
