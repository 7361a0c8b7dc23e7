import { and, eq } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The event's row for check-in purposes; 404 with the spec's message when it does not exist. */
export async function requireEventRow(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      isActive: events.isActive,
      dsaSessionsPerDay: events.dsaSessionsPerDay,
      timeZone: events.timeZone,
      startDate: events.startDate,
      endDate: events.endDate,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  return row;
}

/** A session of this event (a session of another event is not found here). */
export async function requireSessionOfEvent(db: DbOrTx, eventId: number, sessionId: number) {
  const [row] = await db
    .select({ id: sessions.id, name: sessions.name })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.eventId, eventId)));
  if (!row) throw new AppError('not_found', messages.checkInSessionNotFound, { reason: 'session_not_found' });
  return row;
}
