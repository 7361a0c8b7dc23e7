import { and, eq, sql } from 'drizzle-orm';
import { format, messages, type TBulkConfirmResult, type TConfirmResult } from '@attend/shared';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { REFRESH_AFTER_ROWS, refreshSearchIndexes } from '../participants/maintenance';
import { requireEventExists, requireParticipant } from '../participants/scope';
import { toParticipant, type ParticipantRow } from '../participants/serialize';

/**
 * Marks one participant of the event as confirmed. Only a pending participant changes (the UPDATE
 * says so), so two concurrent confirmations record one confirmation time.
 */
export async function markConfirmed(
  db: Db,
  eventId: number,
  participantId: number,
): Promise<{ row: ParticipantRow; changed: boolean } | null> {
  const [changed] = await db
    .update(participants)
    .set({ confirmedAttendance: true, confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(participants.id, participantId),
        eq(participants.eventId, eventId),
        eq(participants.confirmedAttendance, false),
      ),
    )
    .returning();
  if (changed) return { row: changed, changed: true };
  const [row] = await db
    .select()
    .from(participants)
    .where(and(eq(participants.id, participantId), eq(participants.eventId, eventId)));
  return row ? { row, changed: false } : null;
}

/** Staff confirm one participant's attendance (document 2 §7). */
export async function confirmParticipantAttendance(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; qrUrlFor: QrUrlFor; ip: string },
): Promise<TConfirmResult> {
  const result = await markConfirmed(db, params.eventId, params.participantId);
  if (!result) {
    await requireParticipant(db, params.eventId, params.participantId);
    throw new AppError('not_found', messages.participantNotFound);
  }
  if (result.changed) {
    await audit(db, {
      action: 'participant.confirm',
      actor,
      eventId: params.eventId,
      targetType: 'participant',
      targetId: params.participantId,
      ip: params.ip,
    });
  }
  return {
    status: result.changed ? 'confirmed' : 'already_confirmed',
    message: result.changed ? messages.attendanceConfirmed : messages.attendanceAlreadyConfirmed,
    participant: toParticipant(result.row, params.qrUrlFor),
  };
}

/**
 * Confirms the selected participants in one statement. Ids of other events or of nobody are
 * reported per id, never confirmed.
 */
export async function bulkConfirmAttendance(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantIds: number[]; ip: string },
): Promise<TBulkConfirmResult> {
  await requireEventExists(db, params.eventId);
  const ids = [...new Set(params.participantIds)];
  // One array parameter instead of one parameter per id (a select-all can send 50,000).
  const inIds = sql`${participants.id} = any(${`{${ids.join(',')}}`}::int[])`;
  const result = await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: participants.id, confirmed: participants.confirmedAttendance })
      .from(participants)
      .where(and(eq(participants.eventId, params.eventId), inIds));
    const confirmed = await tx
      .update(participants)
      .set({ confirmedAttendance: true, confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(eq(participants.eventId, params.eventId), inIds, eq(participants.confirmedAttendance, false)),
      )
      .returning({ id: participants.id });
    const knownIds = new Set(known.map((k) => k.id));
    const errors = ids
      .filter((id) => !knownIds.has(id))
      .map((id) => ({ participant_id: id, error: messages.participantNotFound }));
    const confirmedCount = confirmed.length;
    const alreadyCount = known.length - confirmedCount;
    await audit(tx, {
      action: 'participant.bulk_confirm',
      actor,
      eventId: params.eventId,
      ip: params.ip,
      details: { confirmed: confirmedCount, already_confirmed: alreadyCount, errors: errors.length },
    });
    return {
      confirmed_count: confirmedCount,
      already_confirmed_count: alreadyCount,
      error_count: errors.length,
      errors,
      message: format(messages.bulkConfirmDone, {
        confirmed: confirmedCount,
        already: alreadyCount,
        errors: errors.length,
      }),
    };
  });
  // Each confirmation rewrites the row and its index entries: after a large batch, flush the
  // search indexes' pending lists as a bulk upload does.
  if (result.confirmed_count >= REFRESH_AFTER_ROWS) await refreshSearchIndexes(db).catch(() => {});
  return result;
}
