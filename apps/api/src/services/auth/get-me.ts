import { and, eq, sql } from 'drizzle-orm';
import type { TMe } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, participants, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/tokens';
import type { QrUrlFor } from '../qr/qr-url';
import type { AccountCache } from './account-cache';
import { participantSelf, staffSelf } from './serialize';
import { staffEventIds } from './staff-access';

// The account endpoint is called on every page load: its two lookups are prepared once per database.
function prepare(db: DbOrTx) {
  return {
    staff: db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, sql.placeholder('id')))
      .prepare('me_staff'),
    participant: db
      .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
      .from(participants)
      .innerJoin(events, eq(events.id, participants.eventId))
      .where(
        and(eq(participants.id, sql.placeholder('id')), eq(participants.eventId, sql.placeholder('eventId'))),
      )
      .prepare('me_participant'),
  };
}
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepare>>();

/**
 * The signed-in user; a deleted or deactivated account is treated as signed out. With `cache`
 * (embedded database only, see AccountCache), an answer given before is given again until the
 * account's rows change; a refusal is never cached.
 */
export async function getMe(
  db: DbOrTx,
  actor: Actor,
  qrUrlFor: QrUrlFor,
  cache: AccountCache | null = null,
): Promise<TMe> {
  let q = prepared.get(db);
  if (!q) {
    q = prepare(db);
    prepared.set(db, q);
  }
  if (actor.kind === 'staff') {
    const hit = cache?.staff(actor.staffId);
    if (hit) return hit;
    const mark = cache?.mark('staff') ?? 0;
    const [u] = await q.staff.execute({ id: actor.staffId });
    if (!u?.isActive) throw new AppError('token_not_valid', 'User not found');
    const self = staffSelf(u, u.role === 'scanner' ? await staffEventIds(db, u.id) : []);
    cache?.keepStaff(mark, u.id, self);
    return self;
  }
  const hit = cache?.participant(actor.participantId);
  if (hit && hit.qr.eventId === actor.eventId) return { ...hit.self, qr_code_url: qrUrlFor(hit.qr) };
  const mark = cache?.mark('participant') ?? 0;
  const [row] = await q.participant.execute({ id: actor.participantId, eventId: actor.eventId });
  if (!row) throw new AppError('token_not_valid', 'User not found');
  const self = participantSelf(row.p, row.e, qrUrlFor(row.p));
  const { id, eventId, confirmedAttendance } = row.p;
  cache?.keepParticipant(mark, id, { self, qr: { id, eventId, confirmedAttendance } });
  return self;
}
