import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { format, messages, type TStaffAccessUpdate, type TStaffAccount } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events, staffEventAccess, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { revokeSubjectSessions } from './refresh-tokens';
import { staffAccountOf, staffAccountsOf } from './staff-account-rows';

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

/** GET /api/accounts/staff/: every staff account with its role and events. */
export async function listStaffAccounts(db: DbOrTx, actor: StaffActor): Promise<TStaffAccount[]> {
  assertAdmin(actor);
  const users = await db
    .select()
    .from(staffUsers)
    .orderBy(asc(sql`lower(${staffUsers.username})`));
  return staffAccountsOf(db, users);
}

/** Refuses event ids that name no event (400, listing them). */
export async function assertEventsExist(db: DbOrTx, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
  if (found.length === eventIds.length) return;
  const known = new Set(found.map((e) => e.id));
  const detail = format(messages.unknownEventIds, {
    ids: eventIds.filter((id) => !known.has(id)).join(', '),
  });
  throw new AppError('validation_error', detail, { errors: { event_ids: [detail] } });
}

/**
 * Locks the rows of the enabled admins that can sign in (a password chosen), in id order, until the
 * transaction ends, and returns their ids. A transaction that may take the role or the account from
 * an admin calls it before locking any other staff row: two admins demoting, disabling or removing
 * each other at once then take turns (and never wait for each other's rows crosswise).
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<number[]> {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true), like(staffUsers.passwordHash, '$%')),
    )
    .orderBy(asc(staffUsers.id))
    .for('update');
  return admins.map((a) => a.id);
}

/** Refuses a change that would leave no enabled admin able to sign in (409). */
export function assertNotLastAdmin(activeAdmins: number[], staffId: number): void {
  if (activeAdmins.includes(staffId) && activeAdmins.length <= 1) {
    throw new AppError('conflict', messages.lastActiveAdmin);
  }
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
    const admins = await lockActiveAdmins(tx);
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!user) throw new AppError('not_found', messages.staffAccountNotFound);
    await assertEventsExist(tx, eventIds);
    if (input.role !== 'admin') assertNotLastAdmin(admins, staffId);
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
    return staffAccountOf(tx, updated);
  });
}
