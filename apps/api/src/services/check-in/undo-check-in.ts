import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { Db } from '../../db/client';
import { checkIns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { CHECK_IN_CHANNEL, type CheckInNotice } from './live-channel';
import { selectCheckIns, serializeCheckIn } from './serialize';

/**
 * DELETE /api/events/{eventId}/check-ins/{id}/: undoes a mistaken check-in (admins only). The record
 * is kept in the audit log, and every station hears that it was undone.
 */
export async function undoCheckIn(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; checkInId: number; ip: string },
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await selectCheckIns(
      tx,
      and(eq(checkIns.id, params.checkInId), eq(checkIns.eventId, params.eventId)),
    ).for('update', { of: checkIns });
    if (!row) throw new AppError('not_found', messages.checkInNotFound);
    const record = serializeCheckIn(row);
    await tx.delete(checkIns).where(eq(checkIns.id, row.id));
    await audit(tx, {
      action: 'check_in.undone',
      actor,
      eventId: params.eventId,
      targetType: 'check_in',
      targetId: row.id,
      ip: params.ip,
      details: { check_in: record },
    });
    const notice: CheckInNotice = { action: 'deleted', event_id: params.eventId, check_in: record };
    await tx.execute(sql`select pg_notify(${CHECK_IN_CHANNEL}, ${JSON.stringify(notice)})`);
  });
}
