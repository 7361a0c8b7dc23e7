import { eq, sql } from 'drizzle-orm';
import { messages, type TStaffLogin, type TStaffSelf } from '@attend/shared';
import type { Db } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { verifyPassword } from './passwords';
import { GUESSING, networkOf, reserveWithinBudget, type Budget, type Guard } from './rate-limit';
import type { ClientMeta } from '../../lib/request-meta';
import { staffEventIds } from './staff-access';
import { issueTokenPair, type TokenPair } from './refresh-tokens';
import { staffSelf } from './serialize';

/**
 * Staff sign-in with username and password (case-insensitive username), within the staff guessing
 * budget (see rate-limit.ts): per network, and per account for the networks that failed for it.
 * The attempt is counted before argon2 runs and given back when the password is right. A device the
 * account signed in from before (`trustedDevice`: the staff id of the request's device cookie) is
 * spared the account's ramp, so guessing cannot lock staff out.
 */
export async function loginStaff(
  db: Db,
  tokens: TokenService,
  input: TStaffLogin,
  meta: ClientMeta,
  options: { trustedDevice: number | null; guard: Guard },
): Promise<TokenPair & { user: TStaffSelf }> {
  const username = input.username.trim();
  const name = username.toLowerCase();
  const net = networkOf(meta.ip);
  const budget: Budget = {
    ramps: [{ key: `staff:net:${net}`, ...GUESSING.staffNetwork }],
    gated: {
      marker: `staff:net-user:${net}:${name}`,
      ramp: { key: `staff:user:${name}`, ...GUESSING.staffAccount },
    },
  };
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, name));
  const trusted = user !== undefined && options.trustedDevice === user.id;
  const { giveBack } = await reserveWithinBudget(db, budget, options.guard, trusted);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    await audit(db, { action: 'staff.login_failed', ip: meta.ip, details: { username } });
    throw new AppError('invalid_credentials', messages.invalidStaffCredentials);
  }
  await giveBack();
  const actor = { kind: 'staff' as const, staffId: user.id, username: user.username, role: user.role };
  const pair = await issueTokenPair(db, tokens, actor, meta);
  await db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, user.id));
  await audit(db, { action: 'staff.login', actor, ip: meta.ip });
  return { ...pair, user: staffSelf(user, user.role === 'scanner' ? await staffEventIds(db, user.id) : []) };
}
