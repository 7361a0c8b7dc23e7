import { and, eq } from 'drizzle-orm';
import {
  format,
  formatDateTime,
  formatDateTimeInZone,
  messages,
  within,
  type TSession,
  type TSessionCreateParsed,
} from '@attend/shared';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { requireEvent } from '../events/get-event';
import { selectSession } from './session-rows';
import { fieldError, placeSessionTimes, sessionColumns } from './validation';

/** The sentence for a sub-session whose times stick out of its parent's window, in the event's zone. */
export function outsideParentMessage(parent: { startTime: Date; endTime: Date }, timeZone: string): string {
  return format(messages.subSessionOutsideParent, {
    start: formatDateTime(parent.startTime, timeZone),
    end: formatDateTimeInZone(parent.endTime, timeZone),
  });
}

/** The sentence for a session whose times stick out of its event's dates, in the event's zone. */
export function outsideEventMessage(event: { startDate: Date; endDate: Date; timeZone: string }): string {
  return format(messages.sessionOutsideEvent, {
    start: formatDateTime(event.startDate, event.timeZone),
    end: formatDateTimeInZone(event.endDate, event.timeZone),
  });
}

/**
 * A session (or sub-session) must lie within its event's start and end: a session dated after the
 * event would be offered to participants and counted for days the event does not have.
 */
export function assertWithinEvent(
  times: { start: Date; end: Date },
  event: { startDate: Date; endDate: Date; timeZone: string },
): void {
  if (!within(times, { start: event.startDate, end: event.endDate })) {
    throw fieldError('start_time', outsideEventMessage(event));
  }
}

/**
 * POST /api/events/{eventId}/sessions/. With parent_session it is a manual sub-session: the
 * parent must be a top-level session of the same event and the times must lie within its own.
 * Every session lies within the event's dates.
 */
export async function createSession(
  db: Db,
  actor: StaffActor,
  eventId: number,
  input: TSessionCreateParsed,
  meta: { ip?: string } = {},
): Promise<TSession> {
  const event = await requireEvent(db, actor, eventId);
  if (input.event !== undefined && input.event !== eventId) throw fieldError('event', messages.eventMismatch);
  const times = placeSessionTimes(input, event.timeZone);
  // A sub-session outside its parent hears of the parent first: the narrower window it must fit.
  if (input.parent_session === null) assertWithinEvent(times, event);
  const id = await db.transaction(async (tx) => {
    if (input.parent_session !== null) {
      const [parent] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, input.parent_session), eq(sessions.eventId, eventId)))
        .for('no key update');
      if (!parent) throw fieldError('parent_session', messages.parentSessionNotFound);
      if (parent.parentSessionId !== null) throw fieldError('parent_session', messages.nestedSubSession);
      if (!within(times, { start: parent.startTime, end: parent.endTime })) {
        throw fieldError('start_time', outsideParentMessage(parent, event.timeZone));
      }
      assertWithinEvent(times, event);
    }
    const [row] = await tx
      .insert(sessions)
      .values({
        eventId,
        parentSessionId: input.parent_session,
        ...sessionColumns(input, times),
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    await audit(tx, {
      action: 'session.create',
      actor,
      eventId,
      targetType: 'session',
      targetId: row.id,
      ip: meta.ip,
    });
    return row.id;
  });
  return selectSession(db, actor, eventId, id);
}
