import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/tokens';
import { hashPassword } from './passwords';

/** Adds a staff user; usernames are unique regardless of case. */
export async function createStaffUser(
  db: DbOrTx,
  params: { username: string; password: string; fullName?: string; email?: string },
): Promise<{ id: number; username: string }> {
  const username = params.username.trim();
  if (!/^[\w.@+-]{1,150}$/.test(username)) {
    throw new AppError('validation_error', 'Username may contain letters, digits and @ . + - _ only.');
  }
  if (params.password.length < 8) {
    throw new AppError('validation_error', 'Password must be at least 8 characters long.');
  }
  const [existing] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.username})`, username.toLowerCase()));
  if (existing) throw new AppError('conflict', `A staff user named "${username}" already exists.`);
  const [row] = await db
    .insert(staffUsers)
    .values({
      username,
      passwordHash: await hashPassword(params.password),
      fullName: params.fullName ?? '',
      email: params.email ?? '',
    })
    .returning({ id: staffUsers.id, username: staffUsers.username });
  if (!row) throw new AppError('internal_error');
  return row;
}

/**
 * First start: when no staff user exists, creates one from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
 * with a random password that is returned so the caller can print it once.
 */
export async function ensureAdmin(
  db: DbOrTx,
  params: { username?: string; password?: string },
): Promise<{ created: false } | { created: true; username: string; password: string; generated: boolean }> {
  const [any] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  if (any) return { created: false };
  const username = params.username ?? 'admin';
  const generated = !params.password;
  const password = params.password ?? randomToken(12);
  await createStaffUser(db, { username, password });
  return { created: true, username, password, generated };
}
