import { eq, inArray } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { Db } from '../../db/client';
import {
  checkIns,
  events,
  loginLinks,
  outgoingMessages,
  participants,
  refreshTokens,
  sessionRegistrations,
  sessions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';

/**
 * Deletes an event with its sessions, participants, registrations, check-ins and sign-in tokens,
 * all in one transaction. The dependants are removed by event id first (indexed set deletes)
 * rather than row by row through the foreign-key cascades.
 */
export async function deleteEvent(
  db: Db,
  actor: StaffActor,
  eventId: number,
  meta: { ip?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    const eventParticipants = tx
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.eventId, eventId));
    const eventSessions = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.eventId, eventId));
    await tx.delete(checkIns).where(eq(checkIns.eventId, eventId));
    await tx.delete(sessionRegistrations).where(inArray(sessionRegistrations.sessionId, eventSessions));
    await tx
      .delete(sessionRegistrations)
      .where(inArray(sessionRegistrations.participantId, eventParticipants));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.participantId, eventParticipants));
    await tx.delete(loginLinks).where(eq(loginLinks.eventId, eventId));
    await tx.delete(outgoingMessages).where(eq(outgoingMessages.eventId, eventId));
    await tx.delete(sessions).where(eq(sessions.eventId, eventId));
    await tx.delete(participants).where(eq(participants.eventId, eventId));
    await tx.delete(events).where(eq(events.id, eventId));
    await audit(tx, {
      action: 'event.delete',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
      details: { name: event.name },
    });
  });
}
