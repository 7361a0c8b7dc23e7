import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { messages, type TStaffAccessUpdate, type TStaffAccount } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events, staffEventAccess, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { revokeSubjectSessions } from './refresh-tokens';

/** The events a staff user was given (a scanner's stations), by id. */
export async function staffEventIds(db: DbOrTx, staffId: number): Promise<number[]> {
  const rows = await db
    .select({ eventId: staffEventAccess.eventId })
    .from(staffEventAccess)
    .where(eq(staffEventAccess.staffUserId, staffId))
    .orderBy(asc(staffEventAccess.eventId));
  return rows.map((r) => r.eventId);
}

/**
 * Admits an admin to any event and a scanner to the events it was given; read from the database on
 * every call, so withdrawing an event takes effect at once.
 */
export async function assertEventAccess(db: DbOrTx, actor: StaffActor, eventId: number): Promise<void> {
  if (actor.role === 'admin') return;
  const [row] = await db
    .select({ eventId: staffEventAccess.eventId })
    .from(staffEventAccess)
    .where(and(eq(staffEventAccess.staffUserId, actor.staffId), eq(staffEventAccess.eventId, eventId)));
  if (!row) throw new AppError('forbidden', messages.scannerEventsOnly);
}

/** Refuses anyone but an admin (the guard for every staff-only route). */
export function assertAdmin(actor: StaffActor): void {
  if (actor.role !== 'admin') throw new AppError('forbidden');
}

function account(u: typeof staffUsers.$inferSelect, eventIds: number[]): TStaffAccount {
  return {
    id: u.id,
    username: u.username,
    full_name: u.fullName,
    role: u.role,
    event_ids: eventIds,
    is_active: u.isActive,
  };
}

/** GET /api/accounts/staff/: every staff account with its role and events. */
export async function listStaffAccounts(db: DbOrTx, actor: StaffActor): Promise<TStaffAccount[]> {
  assertAdmin(actor);
  const users = await db
    .select()
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.username})`));
  const grants = await db.select().from(staffEventAccess);
  const byUser = new Map<number, number[]>();
  for (const g of grants)
    (byUser.get(g.staffUserId) ?? byUser.set(g.staffUserId, []).get(g.staffUserId))?.push(g.eventId);
  return users.map((u) =>
    account(
      u,
      (byUser.get(u.id) ?? []).sort((a, b) => a - b),
    ),
  );
}

/**
 * Sets a staff user's role and, for a scanner, the events it may check people in at. The user's
 * sign-ins are revoked, so a changed role takes effect within one access-token lifetime.
 */
export async function setStaffAccess(
  db: Db,
  actor: StaffActor,
  staffId: number,
  input: { role: TStaffAccessUpdate['role']; event_ids: number[] },
  ip: string,
): Promise<TStaffAccount> {
  assertAdmin(actor);
  if (staffId === actor.staffId && input.role !== 'admin') {
    throw new AppError('bad_request', messages.ownRoleUnchangeable);
  }
  const eventIds = input.role === 'scanner' ? [...new Set(input.event_ids)].sort((a, b) => a - b) : [];
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!user) throw new AppError('not_found', messages.staffAccountNotFound);
    if (eventIds.length) {
      const found = await tx.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
      if (found.length !== eventIds.length) {
        const known = new Set(found.map((e) => e.id));
        const missing = eventIds.filter((id) => !known.has(id));
        throw new AppError('validation_error', `Unknown event ids: ${missing.join(', ')}.`, {
          errors: { event_ids: [`Unknown event ids: ${missing.join(', ')}.`] },
        });
      }
    }
    const before = { role: user.role, event_ids: await staffEventIds(tx, staffId) };
    const [updated] = await tx
      .update(staffUsers)
      .set({ role: input.role })
      .where(eq(staffUsers.id, staffId))
      .returning();
    if (!updated) throw new AppError('not_found', messages.staffAccountNotFound);
    await tx.delete(staffEventAccess).where(eq(staffEventAccess.staffUserId, staffId));
    if (eventIds.length) {
      await tx
        .insert(staffEventAccess)
        .values(eventIds.map((eventId) => ({ staffUserId: staffId, eventId })));
    }
    if (before.role !== input.role) await revokeSubjectSessions(tx, { staffId });
    await audit(tx, {
      action: 'staff.access_changed',
      actor,
      targetType: 'staff_user',
      targetId: staffId,
      ip,
      details: { before, after: { role: input.role, event_ids: eventIds } },
    });
    return account(updated, eventIds);
  });
}
