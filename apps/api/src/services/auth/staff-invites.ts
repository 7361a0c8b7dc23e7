import { createHmac } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  STAFF_INVITE_DAYS,
  messages,
  type TInviteInfo,
  type TLanguage,
  type TStaffSelf,
} from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { outgoingMessages, staffInvites, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ClientMeta } from '../../lib/request-meta';
import { randomToken, sha256, type TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { OUTBOX_CHANNEL } from '../notifications/outbox-channel';
import { MAX_ATTEMPTS, emailAddress } from '../notifications/send-notifications';
import { hashPassword } from './passwords';
import { GUESSING, evaluateWithinBudget, networkOf, type Budget, type Guard } from './rate-limit';
import { issueTokenPair, type TokenPair } from './refresh-tokens';
import { staffSelf } from './serialize';
import { staffEventIds } from './staff-access';

export const INVITE_LIFETIME_MS = STAFF_INVITE_DAYS * 24 * 60 * 60 * 1000;

/**
 * The link of an invitation. The token is in the fragment, which browsers never send to a server
 * (neither in the request nor in a Referer), so it stays out of access logs; the page reads it.
 */
export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/dashboard/invite#${new URLSearchParams({ token }).toString()}`;
}

/**
 * The token of an invitation sent by e-mail: derived from SECRET_KEY and the outbox message, so the
 * outbox worker makes the link when it sends the message and no link waits in the table (only the
 * hash, as for every invitation). Anyone holding SECRET_KEY could sign access tokens anyway.
 */
export function emailedInviteToken(secretKey: string, messageId: number): string {
  return createHmac('sha256', secretKey)
    .update(`attend/staff-invite-email/v1\0${messageId}`)
    .digest('base64url');
}

/**
 * A new invitation for the account: its unused ones end (a message still queued with one is then
 * cancelled), and a fresh 128-bit token is returned to be shown once. When the account has an e-mail
 * address, the invitation is also queued to it (a token of its own, spent with the other: setting
 * the password spends every invitation of the account). Call inside the transaction that makes the
 * account or resets it.
 */
export async function issueInvite(
  tx: DbOrTx,
  params: {
    staffUserId: number;
    createdBy: number;
    email: string;
    language: TLanguage;
    secretKey: string;
  },
): Promise<{ token: string; expiresAt: Date; emailed: boolean }> {
  await tx
    .delete(staffInvites)
    .where(and(eq(staffInvites.staffUserId, params.staffUserId), isNull(staffInvites.usedAt)));
  const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
  const token = randomToken(16);
  const invite = { staffUserId: params.staffUserId, createdBy: params.createdBy, expiresAt };
  await tx.insert(staffInvites).values({ ...invite, tokenHash: sha256(token) });
  const to = emailAddress(params.email);
  if (!to) return { token, expiresAt, emailed: false };
  const [message] = await tx
    .insert(outgoingMessages)
    .values({
      channel: 'email',
      kind: `staff_invite:${params.language}`,
      recipient: to,
      body: '',
      maxAttempts: MAX_ATTEMPTS,
    })
    .returning({ id: outgoingMessages.id });
  if (!message) throw new AppError('internal_error');
  await tx
    .insert(staffInvites)
    .values({ ...invite, tokenHash: sha256(emailedInviteToken(params.secretKey, message.id)) });
  // Delivered to every process's outbox worker when the transaction commits.
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return { token, expiresAt, emailed: true };
}

type InviteRow = {
  inviteId: number;
  expiresAt: Date;
  usedAt: Date | null;
  user: typeof staffUsers.$inferSelect;
};

function findInvite(db: DbOrTx, token: string) {
  return db
    .select({
      inviteId: staffInvites.id,
      expiresAt: staffInvites.expiresAt,
      usedAt: staffInvites.usedAt,
      user: staffUsers,
    })
    .from(staffInvites)
    .innerJoin(staffUsers, eq(staffUsers.id, staffInvites.staffUserId))
    .where(eq(staffInvites.tokenHash, sha256(token)));
}

/**
 * The invitation of `token`, within the network's guessing budget (tokens are 128 bits, beyond
 * guessing: only bursts and noise are counted, as for one-click links). Refuses, changing nothing,
 * an unknown token (400 invite_invalid), a used or expired one (410) and a disabled account (403).
 */
async function liveInvite(db: Db, token: string, meta: ClientMeta, guard: Guard): Promise<InviteRow> {
  const budget: Budget = { ramps: [{ key: `invite:net:${networkOf(meta.ip)}`, ...GUESSING.linkNetwork }] };
  const row = await evaluateWithinBudget(db, budget, guard, async (tx) => {
    const [found] = await findInvite(tx, token);
    return found ?? null;
  });
  if (!row) {
    await audit(db, { action: 'staff.invite_failed', ip: meta.ip });
    throw new AppError('bad_request', messages.inviteInvalid, { reason: 'invite_invalid' });
  }
  assertUsable(row);
  return row;
}

function assertUsable(row: InviteRow): void {
  if (row.usedAt) throw new AppError('gone', messages.inviteUsed, { reason: 'invite_used' });
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('gone', messages.inviteExpired, { reason: 'invite_expired' });
  }
  if (!row.user.isActive)
    throw new AppError('forbidden', messages.accountDisabled, { reason: 'account_disabled' });
}

/** POST /api/auth/invite/check/: whom a live invitation is for (nothing is changed). */
export async function checkInvite(
  db: Db,
  token: string,
  meta: ClientMeta,
  guard: Guard,
): Promise<TInviteInfo> {
  const row = await liveInvite(db, token, meta, guard);
  return {
    username: row.user.username,
    full_name: row.user.fullName,
    role: row.user.role,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * POST /api/auth/invite/accept/: the invited person sets their password, once, and is signed in.
 * Every invitation of the account is spent with it; one already spent, expired or unknown is refused
 * and nothing changes. The password must differ from the username (its length is the schema's).
 */
export async function acceptInvite(
  db: Db,
  tokens: TokenService,
  input: { token: string; password: string },
  meta: ClientMeta,
  guard: Guard,
): Promise<TokenPair & { user: TStaffSelf }> {
  const found = await liveInvite(db, input.token, meta, guard);
  if (input.password.trim().toLowerCase() === found.user.username.toLowerCase()) {
    throw new AppError('validation_error', messages.passwordIsUsername, {
      errors: { password: [messages.passwordIsUsername] },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    // The account's row first: two invitations of one account accepted at once take turns here.
    const [locked] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.id, found.user.id))
      .for('update');
    const [row] = locked ? await findInvite(tx, input.token) : [];
    if (!row) throw new AppError('bad_request', messages.inviteInvalid, { reason: 'invite_invalid' });
    assertUsable(row);
    const [updated] = await tx
      .update(staffUsers)
      .set({ passwordHash, lastLoginAt: new Date() })
      .where(eq(staffUsers.id, row.user.id))
      .returning();
    await tx
      .update(staffInvites)
      .set({ usedAt: new Date() })
      .where(and(eq(staffInvites.staffUserId, row.user.id), isNull(staffInvites.usedAt)));
    return updated ?? row.user;
  });
  const actor = { kind: 'staff' as const, staffId: user.id, username: user.username, role: user.role };
  await audit(db, {
    action: 'staff.invite_accepted',
    actor,
    ip: meta.ip,
    targetType: 'staff_user',
    targetId: user.id,
  });
  const pair = await issueTokenPair(db, tokens, actor, meta);
  await audit(db, { action: 'staff.login', actor, ip: meta.ip });
  return { ...pair, user: staffSelf(user, user.role === 'scanner' ? await staffEventIds(db, user.id) : []) };
}
