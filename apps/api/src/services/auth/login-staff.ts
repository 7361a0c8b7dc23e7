import { eq, sql } from 'drizzle-orm';
import { messages, type TStaffLogin, type TStaffSelf } from '@attend/shared';
import type { Db } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { verifyPassword } from './passwords';
import { LOGIN_LIMITS, assertNotLimited, recordHits, type Limit } from './rate-limit';
import type { ClientMeta } from '../../lib/request-meta';
import { staffEventIds } from './staff-access';
import { issueTokenPair, type TokenPair } from './refresh-tokens';
import { staffSelf } from './serialize';

/** Staff sign-in with username and password (case-insensitive username). */
export async function loginStaff(
  db: Db,
  tokens: TokenService,
  input: TStaffLogin,
  meta: ClientMeta,
): Promise<TokenPair & { user: TStaffSelf }> {
  const username = input.username.trim();
  const limits: Limit[] = [
    { key: `staff-login:ip:${meta.ip}`, ...LOGIN_LIMITS.perAddress },
    { key: `staff-login:user:${username.toLowerCase()}`, ...LOGIN_LIMITS.perUsername },
  ];
  await assertNotLimited(db, limits);
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, username.toLowerCase()));
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
