import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  messages,
  type CredentialDelivery,
  type TLanguage,
  type TStaffCredentials,
  type ZStaffCreate,
} from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens, staffEventAccess, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ACCESS_TOKEN_TTL_SECONDS, type StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { NO_PASSWORD, generatePassword, hashPassword } from './passwords';
import { revokeSubjectSessions } from './refresh-tokens';
import { staffAccountOf } from './staff-account-rows';
import {
  assertAdmin,
  assertEventsExist,
  assertNotLastAdmin,
  lockActiveAdmins,
  staffEventIds,
} from './staff-access';
import { inviteUrl, issueInvite } from './staff-invites';

/** What making or resetting credentials needs besides the request: where links point, and the secret. */
export type CredentialContext = {
  publicUrl: string;
  secretKey: string;
  /** The admin's language: the invitation e-mail is written in it. */
  language: TLanguage;
  ip: string;
};

type Issued = Omit<TStaffCredentials, 'account'>;

/**
 * Gives the account its way in, inside the caller's transaction: a new invitation (the password, if
 * any, no longer works until the invited person chooses one) or a new generated password, whose
 * argon2 hash the caller made beforehand.
 */
async function issueCredentials(
  tx: DbOrTx,
  actor: StaffActor,
  user: { id: number; email: string },
  delivery: CredentialDelivery,
  generated: { password: string; hash: string } | null,
  ctx: CredentialContext,
): Promise<Issued> {
  if (delivery === 'password' && generated) {
    await tx.update(staffUsers).set({ passwordHash: generated.hash }).where(eq(staffUsers.id, user.id));
    return { invite_url: null, invite_expires_at: null, invite_emailed: false, password: generated.password };
  }
  await tx.update(staffUsers).set({ passwordHash: NO_PASSWORD }).where(eq(staffUsers.id, user.id));
  const invite = await issueInvite(tx, {
    staffUserId: user.id,
    createdBy: actor.staffId,
    email: user.email,
    language: ctx.language,
    secretKey: ctx.secretKey,
  });
  return {
    invite_url: inviteUrl(ctx.publicUrl, invite.token),
    invite_expires_at: invite.expiresAt.toISOString(),
    invite_emailed: invite.emailed,
    password: null,
  };
}

async function generated(delivery: CredentialDelivery): Promise<{ password: string; hash: string } | null> {
  if (delivery !== 'password') return null;
  const password = generatePassword();
  return { password, hash: await hashPassword(password) };
}

/** Whether `err` is PostgreSQL's unique violation (the case-insensitive username index). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /api/accounts/staff/: a new admin, or a scanner of the given events, with an invitation (the
 * person chooses their password with it, once) or a generated password. Either is answered once
 * and never stored in clear or listed again.
 */
export async function createStaffAccount(
  db: Db,
  actor: StaffActor,
  input: z.output<typeof ZStaffCreate>,
  ctx: CredentialContext,
): Promise<TStaffCredentials> {
  assertAdmin(actor);
  const username = input.username.trim();
  const eventIds = input.role === 'scanner' ? [...new Set(input.event_ids)].sort((a, b) => a - b) : [];
  if (input.role === 'scanner' && eventIds.length === 0) {
    throw new AppError('validation_error', messages.scannerNeedsEvents, {
      errors: { event_ids: [messages.scannerNeedsEvents] },
    });
  }
  const password = await generated(input.delivery);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(sql`lower(${staffUsers.username})`, username.toLowerCase()));
      if (taken)
        throw new AppError('conflict', messages.staffUsernameTaken, {
          errors: { username: [messages.staffUsernameTaken] },
        });
      await assertEventsExist(tx, eventIds);
      const [row] = await tx
        .insert(staffUsers)
        .values({
          username,
          passwordHash: NO_PASSWORD,
          fullName: input.full_name.trim(),
          email: input.email.trim(),
          role: input.role,
        })
        .returning();
      if (!row) throw new AppError('internal_error');
      if (eventIds.length) {
        await tx
          .insert(staffEventAccess)
          .values(eventIds.map((eventId) => ({ staffUserId: row.id, eventId })));
      }
      const issued = await issueCredentials(tx, actor, row, input.delivery, password, ctx);
      await audit(tx, {
        action: 'staff.created',
        actor,
        targetType: 'staff_user',
        targetId: row.id,
        ip: ctx.ip,
        details: {
          username,
          role: input.role,
          event_ids: eventIds,
          delivery: input.delivery,
          emailed: issued.invite_emailed,
        },
      });
      const [fresh] = await tx.select().from(staffUsers).where(eq(staffUsers.id, row.id));
      return { account: await staffAccountOf(tx, fresh ?? row), ...issued };
    });
  } catch (err) {
    // Two admins adding the same name at once: the index refuses the second.
    if (isUniqueViolation(err)) {
      throw new AppError('conflict', messages.staffUsernameTaken, {
        errors: { username: [messages.staffUsernameTaken] },
      });
    }
    throw err;
  }
}

/**
 * POST /api/accounts/staff/{id}/credentials/: a new invitation or a new generated password for
 * someone who lost theirs or whose invitation expired. The old password stops working and every
 * sign-in of the account ends; earlier invitations are spent. Not for the admin's own account.
 */
export async function resetStaffCredentials(
  db: Db,
  actor: StaffActor,
  staffId: number,
  delivery: CredentialDelivery,
  ctx: CredentialContext,
): Promise<TStaffCredentials> {
  assertAdmin(actor);
  if (staffId === actor.staffId) throw new AppError('bad_request', messages.ownPasswordReset);
  const password = await generated(delivery);
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!user) throw new AppError('not_found', messages.staffAccountNotFound);
    // An invitation leaves the account without a password until it is accepted.
    if (delivery === 'invite') assertNotLastAdmin(admins, staffId);
    const issued = await issueCredentials(tx, actor, user, delivery, password, ctx);
    const sessions = await revokeSubjectSessions(tx, { staffId });
    await audit(tx, {
      action: 'staff.credentials_reset',
      actor,
      targetType: 'staff_user',
      targetId: staffId,
      ip: ctx.ip,
      details: { delivery, emailed: issued.invite_emailed, sessions },
    });
    const [fresh] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId));
    return { account: await staffAccountOf(tx, fresh ?? user), ...issued };
  });
}

/**
 * POST /api/accounts/staff/{id}/disable/ and …/enable/: a disabled account cannot sign in, and every
 * sign-in it has ends (its refresh tokens at once, its access tokens once each process has reloaded
 * the ended sign-ins). Admins cannot disable themselves, nor the last enabled admin.
 */
export async function setStaffActive(
  db: Db,
  actor: StaffActor,
  staffId: number,
  active: boolean,
  ip: string,
) {
  assertAdmin(actor);
  if (!active && staffId === actor.staffId) throw new AppError('bad_request', messages.ownAccountDisable);
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!user) throw new AppError('not_found', messages.staffAccountNotFound);
    if (!active) assertNotLastAdmin(admins, staffId);
    const [updated] = await tx
      .update(staffUsers)
      .set({ isActive: active })
      .where(eq(staffUsers.id, staffId))
      .returning();
    const sessions = active ? 0 : await revokeSubjectSessions(tx, { staffId });
    if (user.isActive !== active) {
      await audit(tx, {
        action: active ? 'staff.enabled' : 'staff.disabled',
        actor,
        targetType: 'staff_user',
        targetId: staffId,
        ip,
        details: { username: user.username, sessions, event_ids: await staffEventIds(tx, staffId) },
      });
    }
    return staffAccountOf(tx, updated ?? user);
  });
}

/**
 * DELETE /api/accounts/staff/{id}/: removes the account, its events and invitations. Its sign-ins
 * end first: their refresh tokens (and those ended within an access token's lifetime) are detached
 * from the account rather than deleted with it, so that every process still knows them as ended
 * until their access tokens have expired. Check-ins it recorded stay, without its name.
 */
export async function removeStaffAccount(
  db: Db,
  actor: StaffActor,
  staffId: number,
  ip: string,
): Promise<void> {
  assertAdmin(actor);
  if (staffId === actor.staffId) throw new AppError('bad_request', messages.ownAccountRemove);
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for('update');
    if (!user) throw new AppError('not_found', messages.staffAccountNotFound);
    assertNotLastAdmin(admins, staffId);
    const recent = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    const ended = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())`, staffUserId: null })
      .where(
        and(
          eq(refreshTokens.staffUserId, staffId),
          or(isNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, recent)),
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    // The scanner's events, read before they go with the account: their activity pages list the removal.
    const eventIds = await staffEventIds(tx, staffId);
    await tx.delete(staffUsers).where(eq(staffUsers.id, staffId));
    await audit(tx, {
      action: 'staff.removed',
      actor,
      targetType: 'staff_user',
      targetId: staffId,
      ip,
      details: {
        username: user.username,
        role: user.role,
        event_ids: eventIds,
        sessions: new Set(ended.map((r) => r.familyId)).size,
      },
    });
  });
}
