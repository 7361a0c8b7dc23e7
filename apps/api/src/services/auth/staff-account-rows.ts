import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TStaffAccount } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { staffEventAccess, staffInvites, staffUsers } from '../../db/schema';
import { hasPassword } from './passwords';

type StaffRow = typeof staffUsers.$inferSelect;

/**
 * The accounts as Staff Access lists them: role, events, whether a password was chosen and when a
 * waiting invitation expires. Never the password or an invitation's link.
 */
export async function staffAccountsOf(db: DbOrTx, users: StaffRow[]): Promise<TStaffAccount[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const grants = await db
    .select({ staffUserId: staffEventAccess.staffUserId, eventId: staffEventAccess.eventId })
    .from(staffEventAccess)
    .where(inArray(staffEventAccess.staffUserId, ids))
    .orderBy(asc(staffEventAccess.eventId));
  const invites = await db
    .select({
      staffUserId: staffInvites.staffUserId,
      expiresAt: sql<Date>`max(${staffInvites.expiresAt})`.mapWith(staffInvites.expiresAt),
    })
    .from(staffInvites)
    .where(
      and(
        inArray(staffInvites.staffUserId, ids),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, new Date()),
      ),
    )
    .groupBy(staffInvites.staffUserId);
  const events = new Map<number, number[]>();
  for (const g of grants)
    (events.get(g.staffUserId) ?? events.set(g.staffUserId, []).get(g.staffUserId))?.push(g.eventId);
  const expiries = new Map(invites.map((i) => [i.staffUserId, i.expiresAt]));
  return users.map((u) => ({
    id: u.id,
    username: u.username,
    full_name: u.fullName,
    role: u.role,
    event_ids: events.get(u.id) ?? [],
    is_active: u.isActive,
    email: u.email,
    has_password: hasPassword(u.passwordHash),
    invite_expires_at: expiries.get(u.id)?.toISOString() ?? null,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
  }));
}

/** One account as Staff Access lists it. */
export async function staffAccountOf(db: DbOrTx, user: StaffRow): Promise<TStaffAccount> {
  const [account] = await staffAccountsOf(db, [user]);
  if (!account) throw new Error('no account');
  return account;
}
