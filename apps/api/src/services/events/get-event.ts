import { eq } from 'drizzle-orm';
import { messages, type TEventDetail } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/tokens';
import { eventDetailCounts, eventWithCounts, serializeEventDetail } from './serialize-event';

/**
 * Throws 404 unless the event exists and the actor may see it: staff see every event, a
 * participant only their own (another event's id answers exactly like a missing one).
 */
export function assertEventVisible(actor: Actor, eventId: number): void {
  if (actor.kind === 'participant' && actor.eventId !== eventId) {
    throw new AppError('not_found', messages.eventNotFound);
  }
}

/** GET /api/events/{id}/: the event with the counts of its stats grid. */
export async function getEvent(db: DbOrTx, actor: Actor, eventId: number): Promise<TEventDetail> {
  assertEventVisible(actor, eventId);
  const [row] = await db
    .select({ ...eventWithCounts, ...eventDetailCounts })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  return serializeEventDetail(row);
}

/** The event row, or 404 'Event not found' (for services that act inside an event). */
export async function requireEvent(db: DbOrTx, actor: Actor, eventId: number) {
  assertEventVisible(actor, eventId);
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  return row;
}
