import { and, eq } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ParticipantRow } from './serialize';

/** 404 'Event not found' unless the event exists. Staff see every event (document 2 §6). */
export async function requireEventExists(db: DbOrTx, eventId: number): Promise<void> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
}

/**
 * The participant, looked up inside its event: an id that belongs to another event answers exactly
 * like a missing one.
 */
export async function requireParticipant(
  db: DbOrTx,
  eventId: number,
  participantId: number,
): Promise<ParticipantRow> {
  const [row] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)));
  if (!row) {
    await requireEventExists(db, eventId);
    throw new AppError('not_found', messages.participantNotFound);
  }
  return row;
}

/** The name of the unique index a write violated (PostgreSQL 23505, from either driver), or null. */
export function violatedUniqueIndex(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    e = candidate.cause;
  }
  return null;
}
