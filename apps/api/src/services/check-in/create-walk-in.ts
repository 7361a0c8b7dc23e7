import { and, eq, sql } from 'drizzle-orm';
import { format, messages, type TCheckIn, type ZWalkInCreate } from '@attend/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { events, participants, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertEventAccess } from '../auth/staff-access';
import { generateUniqueCode } from '../events/generate-codes';
import { deriveUsername } from '../participants/create-participant';
import { eventPhoneCountry, phoneOrRefuse } from '../participants/phone-numbers';
import { insertCheckInRecord } from './check-in-participant';
import { checkInFor, MAIN_EVENT_LABEL } from './serialize';

export type WalkInInput = z.output<typeof ZWalkInCreate>;

/** Tries at a fresh unique code or username when a concurrent add took the one drawn. */
const INSERT_ATTEMPTS = 5;

/** The participant whose e-mail the walk-in gave: 409, naming them, so staff find them instead. */
async function refuseKnownEmail(tx: DbOrTx, eventId: number, email: string): Promise<void> {
  const [known] = await tx
    .select({ id: participants.id, fullName: participants.fullName, organization: participants.organization })
    .from(participants)
    .where(and(eq(participants.eventId, eventId), sql`lower(${participants.email}) = lower(${email})`));
  if (!known) return;
  throw new AppError('conflict', format(messages.walkInEmailExists, { name: known.fullName }), {
    reason: 'participant_exists',
    body: { participant: { id: known.id, full_name: known.fullName, organization: known.organization } },
  });
}

/** The walk-in as a confirmed participant with a fresh unique code and a username from the e-mail. */
async function insertParticipant(tx: DbOrTx, eventId: number, input: WalkInInput) {
  // Read as at Add Participant: E.164 with the event's country, or a 400 on the phone field.
  const phone = phoneOrRefuse(input.phone, await eventPhoneCountry(tx, eventId));
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    // ON CONFLICT DO NOTHING rather than catching the violation: an error would end the transaction.
    const [row] = await tx
      .insert(participants)
      .values({
        eventId,
        username: await deriveUsername(tx, eventId, input.email),
        fullName: input.full_name,
        email: input.email,
        phone,
        organization: input.organization,
        uniqueCode: generateUniqueCode(),
        confirmedAttendance: true,
        confirmedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // Another add with this e-mail committed first; otherwise a code or username was taken: draw again.
    await refuseKnownEmail(tx, eventId, input.email);
  }
  throw new AppError('conflict', messages.participantsChanged);
}

/**
 * POST /api/events/{eventId}/check-in/walk-in/: someone not on the list arrives. They are added as a
 * participant (Add Participant's rules: a fresh unique code, a username derived from the e-mail, one
 * participant per e-mail in the event), confirmed, and checked in where the station checks people
 * in, in one transaction: a refusal at any step leaves nothing behind, and other stations hear of the
 * record once it is committed. Admins always may; a scanner only at its own events, and only when
 * the event allows walk-ins by scanners.
 *
 * At a session the walk-in is checked in to that session as a forced check-in (they are not
 * registered for it, as with 'Check in anyway'), without a registration: a registration would take a
 * place the session may not have and skip its capacity and time-clash rules. They are not checked in
 * at the door as well; a later door scan finds them confirmed.
 *
 * The record carries the unique code for admins only, like every check-in record.
 */
export async function createWalkIn(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; input: WalkInInput; ip: string },
): Promise<TCheckIn> {
  const { eventId, input } = params;
  await assertEventAccess(db, actor, eventId);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ isActive: events.isActive, allowWalkIns: events.allowWalkInsByScanners })
      .from(events)
      .where(eq(events.id, eventId));
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    if (actor.role !== 'admin' && !event.allowWalkIns) {
      throw new AppError('forbidden', messages.walkInsAdminsOnly);
    }
    if (!event.isActive) {
      throw new AppError('conflict', messages.checkInEventInactive, { reason: 'event_inactive' });
    }
    let sessionName = MAIN_EVENT_LABEL;
    if (input.session !== null) {
      const [session] = await tx
        .select({ name: sessions.name, isActive: sessions.isActive })
        .from(sessions)
        .where(and(eq(sessions.id, input.session), eq(sessions.eventId, eventId)));
      if (!session) {
        throw new AppError('not_found', messages.checkInSessionNotFound, { reason: 'session_not_found' });
      }
      if (!session.isActive) {
        throw new AppError('conflict', messages.checkInSessionInactive, { reason: 'session_inactive' });
      }
      sessionName = session.name;
    }
    await refuseKnownEmail(tx, eventId, input.email);

    const participant = await insertParticipant(tx, eventId, input);
    await audit(tx, {
      action: 'participant.create',
      actor,
      eventId,
      targetType: 'participant',
      targetId: participant.id,
      ip: params.ip,
      details: { walk_in: true, session: input.session },
    });

    const record = {
      participant_id: participant.id,
      participant_name: participant.fullName,
      organization: participant.organization,
      unique_code: participant.uniqueCode,
      session: input.session,
      session_name: sessionName,
      checked_in_by: actor.username,
      notes: input.notes,
      forced: input.session !== null,
    };
    const made = await insertCheckInRecord(tx, { eventId, actor, record, at: null, nonce: null });
    // A participant made in this transaction has no record yet: nothing can be in the way.
    if (!made) throw new Error('the walk-in check-in insert returned nothing');
    return checkInFor(actor, {
      ...record,
      id: made.id,
      check_in_time: new Date(made.check_in_time).toISOString(),
    });
  });
}
