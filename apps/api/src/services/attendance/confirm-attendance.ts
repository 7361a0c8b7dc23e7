import { giveWay } from '../../lib/give-way';
import { and, eq, sql } from 'drizzle-orm';
import { format, messages, type TBulkConfirmResult, type TConfirmResult } from '@attend/shared';
import { resultRows, type Db } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { flushSearchIndexPendingLists } from '../participants/maintenance';
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
 * Ids confirmed per statement. Each chunk is its own short transaction (~25 ms for 500 rows on
 * PGlite), so a select-all of 50,000 never holds the embedded database, which runs one statement
 * at a time, for seconds.
 */
export const BULK_CONFIRM_CHUNK = 500;

type ChunkResult = { confirmed: number; known: number; missing: number[] };

/**
 * Confirms the selected participants, BULK_CONFIRM_CHUNK ids per statement. Confirming is
 * idempotent, so a failure part-way leaves only confirmed rows that a retry counts as already
 * confirmed. Ids of other events or of nobody are reported per id, never confirmed; one audit entry
 * records the totals.
 */
export async function bulkConfirmAttendance(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantIds: number[]; ip: string },
): Promise<TBulkConfirmResult> {
  await requireEventExists(db, params.eventId);
  const ids = [...new Set(params.participantIds)];
  let confirmedCount = 0;
  let alreadyCount = 0;
  const errors: TBulkConfirmResult['errors'] = [];
  for (let i = 0; i < ids.length; i += BULK_CONFIRM_CHUNK) {
    // PGlite resolves each statement without leaving the microtask queue: without a turn of the
    // event loop, the next chunk would be queued ahead of every request that arrived meanwhile.
    if (i > 0) await giveWay();
    const chunk = await confirmChunk(db, params.eventId, ids.slice(i, i + BULK_CONFIRM_CHUNK));
    confirmedCount += chunk.confirmed;
    alreadyCount += chunk.known - chunk.confirmed;
    for (const id of chunk.missing) errors.push({ participant_id: id, error: messages.participantNotFound });
    // Each confirmed row gets new entries in the trigram index's pending list, which searches scan
    // linearly: move them into the index now, a chunk's worth at a time, rather than let one later
    // statement flush thousands at once.
    if (chunk.confirmed > 0) await flushSearchIndexPendingLists(db).catch(() => {});
  }
  await audit(db, {
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
}

/**
 * One statement: confirms the pending rows of the chunk and counts, from the same snapshot, the ids
 * of the event and (in input order) those that are not. Only counts come back, not rows. A row
 * confirmed meanwhile by someone else is skipped by the UPDATE and so counted as already confirmed.
 */
async function confirmChunk(db: Db, eventId: number, ids: number[]): Promise<ChunkResult> {
  // One array parameter instead of one parameter per id.
  const idArray = `{${ids.join(',')}}`;
  const result = await db.execute(sql`with confirmed as (
      update participants set confirmed_attendance = true, confirmed_at = now(), updated_at = now()
      where event_id = ${eventId} and id = any(${idArray}::int[]) and not confirmed_attendance
      returning 1)
    select (select count(*) from confirmed)::int as confirmed,
      (select count(*) from participants where event_id = ${eventId} and id = any(${idArray}::int[]))::int
        as known,
      coalesce((select array_agg(w.id order by w.n) from unnest(${idArray}::int[]) with ordinality w(id, n)
        where not exists (select 1 from participants p where p.id = w.id and p.event_id = ${eventId})),
        '{}')::int[] as missing`);
  const [row] = resultRows<ChunkResult>(result);
  if (!row) throw new Error('bulk confirm statement returned nothing');
  return row;
}
