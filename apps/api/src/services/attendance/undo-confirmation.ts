import { and, eq, sql } from 'drizzle-orm';
import { format, messages, type TUndoConfirmationResult } from '@attend/shared';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { requireParticipant } from '../participants/scope';
import { toParticipant, type ParticipantRow } from '../participants/serialize';
import type { QrUrlFor } from '../qr/qr-url';
import { fillFromWaitlist, withSeatChange } from '../sessions/promote-from-waitlist';

type Place = { session: number; session_name: string };

/**
 * POST /api/events/{eventId}/participants/{id}/undo_confirmation/: an admin takes back a mistaken
 * confirmation, giving the reason (kept in the audit log). Refused (409) once the participant has
 * been checked in anywhere: the check-in is undone first, on its own record.
 *
 * The participant goes back to exactly the pending state: a pending participant can hold no
 * session registration nor waiting-list place (both need a confirmation), so those are given up and
 * each freed seat goes to the session's line in the same transaction. Their QR image URL stops
 * working (it is served only to confirmed participants) and the door refuses their credential as not
 * confirmed, online at once and offline after the station's next sync. Everything given up is
 * listed in the audit entry, so it can be restored by hand.
 */
export async function undoConfirmation(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; reason: string; qrUrlFor: QrUrlFor; ip: string },
): Promise<TUndoConfirmationResult> {
  assertAdmin(actor);
  await requireParticipant(db, params.eventId, params.participantId);
  return withSeatChange(db, async (tx) => {
    // The participant's row first, as a registration takes it (participant, then session). FOR UPDATE
    // also waits for a check-in being written for them (its foreign key holds a share lock).
    const [row] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.id, params.participantId), eq(participants.eventId, params.eventId)))
      .for('update');
    if (!row) throw new AppError('not_found', messages.participantNotFound);
    if (!row.confirmedAttendance) {
      throw new AppError('conflict', format(messages.nothingToUndo, { name: row.fullName }));
    }
    const [checkedIn] = resultRows<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from check_ins where participant_id = ${row.id}`),
    );
    if ((checkedIn?.n ?? 0) > 0) {
      throw new AppError('conflict', format(messages.undoAfterCheckIn, { name: row.fullName }));
    }
    const registrations = await givePlacesUp(tx, 'session_registrations', row.id);
    const waitlist = await givePlacesUp(tx, 'session_waitlist', row.id);
    const [updated] = resultRows<{ id: number }>(
      await tx.execute(sql`update participants
        set confirmed_attendance = false, confirmed_at = null, updated_at = now()
        where id = ${row.id} returning id`),
    );
    if (!updated) throw new AppError('not_found', messages.participantNotFound);
    for (const place of registrations) await fillFromWaitlist(tx, place.session);
    await audit(tx, {
      action: 'participant.unconfirm',
      actor,
      eventId: params.eventId,
      targetType: 'participant',
      targetId: row.id,
      ip: params.ip,
      details: {
        reason: params.reason,
        confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
        removed_registrations: registrations,
        removed_waitlist: waitlist,
      },
    });
    const fresh: ParticipantRow = await requireParticipant(tx, params.eventId, row.id);
    return {
      status: 'unconfirmed' as const,
      message: format(messages.confirmationUndone, { name: row.fullName }),
      participant: toParticipant(fresh, params.qrUrlFor),
      removed_registrations: registrations,
      removed_waitlist: waitlist,
    };
  });
}

/** Deletes the participant's rows of one table, locking each session first (id order), and names them. */
async function givePlacesUp(
  tx: DbOrTx,
  table: 'session_registrations' | 'session_waitlist',
  participantId: number,
): Promise<Place[]> {
  const from = sql.raw(table);
  const held = resultRows<Place>(
    await tx.execute(sql`select s.id as session, s.name as session_name
      from ${from} r join sessions s on s.id = r.session_id
      where r.participant_id = ${participantId} order by s.id`),
  );
  if (held.length === 0) return [];
  const ids = `{${held.map((p) => p.session).join(',')}}`;
  await tx.execute(sql`select id from sessions where id = any(${ids}::int[]) order by id for no key update`);
  await tx.execute(sql`delete from ${from} where participant_id = ${participantId}`);
  return held;
}
