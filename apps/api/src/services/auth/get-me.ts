import { and, eq } from 'drizzle-orm';
import type { TMe } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, participants, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/tokens';
import type { QrUrlFor } from './login-participant';
import { participantSelf, staffSelf } from './serialize';

/** The signed-in user; a deleted or deactivated account is treated as signed out. */
export async function getMe(db: DbOrTx, actor: Actor, qrUrlFor: QrUrlFor): Promise<TMe> {
  if (actor.kind === 'staff') {
    const [u] = await db.select().from(staffUsers).where(eq(staffUsers.id, actor.staffId));
    if (!u?.isActive) throw new AppError('token_not_valid', 'User not found');
    return staffSelf(u);
  }
  const [row] = await db
    .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
  if (!row) throw new AppError('token_not_valid', 'User not found');
  return participantSelf(row.p, row.e, qrUrlFor(row.p));
}
