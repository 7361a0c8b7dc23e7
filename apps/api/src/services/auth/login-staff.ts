import { eq, sql } from 'drizzle-orm';
import { messages, type TStaffLogin, type TStaffSelf } from '@attend/shared';
import type { Db } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { verifyPassword } from './passwords';
import { LOGIN_LIMITS, fullFor, readBuckets, recordHits, tooManyAttempts, type Limit } from './rate-limit';
import type { ClientMeta } from '../../lib/request-meta';
import { staffEventIds } from './staff-access';
import { issueTokenPair, type TokenPair } from './refresh-tokens';
import { staffSelf } from './serialize';

/**
 * Staff sign-in with username and password (case-insensitive username). A client that fails is
 * slowed per address and per (address, username); when an account's failures reach their ceiling,
 * only clients that failed in the last day are refused, and never a device the account signed in
 * from before (`trustedDevice`: the staff id of the request's device cookie), so guessing cannot
 * lock staff out.
 */
export async function loginStaff(
  db: Db,
  tokens: TokenService,
  input: TStaffLogin,
  meta: ClientMeta,
  trustedDevice: number | null = null,
): Promise<TokenPair & { user: TStaffSelf }> {
  const username = input.username.trim();
  const name = username.toLowerCase();
  const perAddress: Limit = { key: `staff-login:ip:${meta.ip}`, ...LOGIN_LIMITS.perAddress };
  const perAddressUser: Limit = {
    key: `staff-login:ip-user:${meta.ip}:${name}`,
    ...LOGIN_LIMITS.perAddressUser,
  };
  const perUser: Limit = { key: `staff-login:user:${name}`, ...LOGIN_LIMITS.perUsername };
  const failed: Limit = { key: `staff-login:failed:${meta.ip}`, ...LOGIN_LIMITS.failedRecently };
  const limits = [perAddress, perAddressUser, perUser, failed];
  const buckets = await readBuckets(db, limits);
  const own = Math.max(fullFor(buckets, perAddress), fullFor(buckets, perAddressUser));
  if (own > 0) throw tooManyAttempts(own);
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, name));
  const ceiling = fullFor(buckets, perUser);
  if (ceiling > 0 && buckets.has(failed.key) && (!user || trustedDevice !== user.id)) {
    throw tooManyAttempts(ceiling);
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    await recordHits(db, limits);
    await audit(db, { action: 'staff.login_failed', ip: meta.ip, details: { username } });
    throw new AppError('invalid_credentials', messages.invalidStaffCredentials);
  }
  const actor = { kind: 'staff' as const, staffId: user.id, username: user.username, role: user.role };
  const pair = await issueTokenPair(db, tokens, actor, meta);
  await db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, user.id));
  await audit(db, { action: 'staff.login', actor, ip: meta.ip });
  return { ...pair, user: staffSelf(user, user.role === 'scanner' ? await staffEventIds(db, user.id) : []) };
}
