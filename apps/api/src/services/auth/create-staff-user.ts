import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, staffEventAccess, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/tokens';
import { hashPassword } from './passwords';

/** Adds a staff user; usernames are unique regardless of case. */
export async function createStaffUser(
  db: DbOrTx,
  params: {
    username: string;
    password: string;
    fullName?: string;
    email?: string;
    role?: 'admin' | 'scanner';
    eventIds?: number[];
  },
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
  const role = params.role ?? 'admin';
  const eventIds = role === 'scanner' ? [...new Set(params.eventIds ?? [])] : [];
  if (role === 'scanner' && eventIds.length === 0) {
    throw new AppError('validation_error', 'A scanner needs at least one event (--events ID,ID).');
  }
  if (eventIds.length) {
    const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
    const known = new Set(found.map((e) => e.id));
    const missing = eventIds.filter((id) => !known.has(id));
    if (missing.length) throw new AppError('validation_error', `Unknown event ids: ${missing.join(', ')}.`);
  }
  const passwordHash = await hashPassword(params.password);
  const [row] = await db
    .insert(staffUsers)
    .values({ username, passwordHash, fullName: params.fullName ?? '', email: params.email ?? '', role })
    .returning({ id: staffUsers.id, username: staffUsers.username });
  if (!row) throw new AppError('internal_error');
  if (eventIds.length) {
    await db.insert(staffEventAccess).values(eventIds.map((eventId) => ({ staffUserId: row.id, eventId })));
  }
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
