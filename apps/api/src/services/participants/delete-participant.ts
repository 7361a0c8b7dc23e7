import { and, eq, sql } from 'drizzle-orm';
import { resultRows, type Db } from '../../db/client';
import { participants } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { fillFromWaitlist, withSeatChange } from '../sessions/promote-from-waitlist';
import { requireParticipant } from './scope';

/**
 * Removes the participant (their check-ins, registrations, places in line and links go with them).
 * Each seat they held goes to the first person in that session's line, in the same transaction:
 * the participant's row is locked first, then their sessions' rows in id order (the order of a
 * registration, participant then session), so the freed seats never show free.
 */
export async function deleteParticipant(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; ip: string },
): Promise<void> {
  const p = await requireParticipant(db, params.eventId, params.participantId);
  await withSeatChange(db, async (tx) => {
    await tx.execute(sql`select id from participants where id = ${p.id} for update`);
    const held = resultRows<{ id: number }>(
      await tx.execute(sql`select s.id from sessions s
        where s.id in (select r.session_id from session_registrations r where r.participant_id = ${p.id})
        order by s.id for no key update`),
    );
    await tx
      .delete(participants)
      .where(and(eq(participants.id, p.id), eq(participants.eventId, params.eventId)));
    for (const s of held) await fillFromWaitlist(tx, s.id);
    await audit(tx, {
      action: 'participant.delete',
      actor,
      eventId: params.eventId,
      targetType: 'participant',
      targetId: p.id,
      ip: params.ip,
      details: { full_name: p.fullName },
    });
  });
}
