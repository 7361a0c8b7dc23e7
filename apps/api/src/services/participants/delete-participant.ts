import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { requireParticipant } from './scope';

/** Removes the participant (their check-ins, registrations and links go with them). */
export async function deleteParticipant(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; ip: string },
): Promise<void> {
  const p = await requireParticipant(db, params.eventId, params.participantId);
  await db
    .delete(participants)
    .where(and(eq(participants.id, p.id), eq(participants.eventId, params.eventId)));
  await audit(db, {
    action: 'participant.delete',
    actor,
    eventId: params.eventId,
    targetType: 'participant',
    targetId: p.id,
    ip: params.ip,
  });
}
