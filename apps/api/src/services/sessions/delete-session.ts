import { and, eq } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { requireEvent } from '../events/get-event';

/** Deletes a session of the event with its sub-sessions, registrations and check-ins (cascades). */
export async function deleteSession(
  db: Db,
  actor: StaffActor,
  eventId: number,
  sessionId: number,
  meta: { ip?: string } = {},
): Promise<void> {
  await requireEvent(db, actor, eventId);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.eventId, eventId)))
      .returning({ id: sessions.id, name: sessions.name });
    if (deleted.length === 0) throw new AppError('not_found', messages.sessionNotFound);
    await audit(tx, {
      action: 'session.delete',
      actor,
      eventId,
      targetType: 'session',
      targetId: sessionId,
      ip: meta.ip,
      details: { name: deleted[0]?.name },
    });
  });
}
