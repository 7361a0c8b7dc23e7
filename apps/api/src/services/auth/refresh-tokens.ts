import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { participants, refreshTokens, staffUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  REFRESH_TOKEN_TTL_SECONDS,
  randomToken,
  sha256,
  type Actor,
  type TokenService,
} from '../../lib/tokens';
import type { ClientMeta } from '../../lib/request-meta';

export type TokenPair = { access: string; refresh: string };

/** Starts a new refresh-token family (a sign-in) or continues one (a rotation). */
export async function issueRefreshToken(
  db: DbOrTx,
  actor: Actor,
  meta: ClientMeta,
  familyId: string = randomUUID(),
): Promise<string> {
  const raw = randomToken(32);
  await db.insert(refreshTokens).values({
    tokenHash: sha256(raw),
    familyId,
    subjectType: actor.kind,
    staffUserId: actor.kind === 'staff' ? actor.staffId : null,
    participantId: actor.kind === 'participant' ? actor.participantId : null,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return raw;
}

export async function issueTokenPair(
  db: DbOrTx,
  tokens: TokenService,
  actor: Actor,
  meta: ClientMeta,
): Promise<TokenPair> {
  const refresh = await issueRefreshToken(db, actor, meta);
  const access = tokens.signAccess(actor);
  return { access, refresh };
}

async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new pair. A token that was already used means it leaked (or a
 * replay): the whole family is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(
  db: Db,
  tokens: TokenService,
  raw: string,
  meta: ClientMeta,
): Promise<TokenPair> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(raw)))
      .for('update');
    if (!row) return { kind: 'invalid' as const };
    if (row.revokedAt) return { kind: 'invalid' as const };
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId);
      return { kind: 'reused' as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
    const actor = await actorFor(tx, row);
    if (!actor) {
      await revokeFamily(tx, row.familyId);
      return { kind: 'invalid' as const };
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const refresh = await issueRefreshToken(tx, actor, meta, row.familyId);
    return { kind: 'ok' as const, actor, refresh };
  });
  if (outcome.kind !== 'ok') throw new AppError('token_not_valid', messages.refreshInvalid);
  return { access: tokens.signAccess(outcome.actor), refresh: outcome.refresh };
}

async function actorFor(db: DbOrTx, row: typeof refreshTokens.$inferSelect): Promise<Actor | null> {
  if (row.subjectType === 'staff' && row.staffUserId) {
    const [u] = await db
      .select({
        id: staffUsers.id,
        username: staffUsers.username,
        isActive: staffUsers.isActive,
        role: staffUsers.role,
      })
      .from(staffUsers)
      .where(eq(staffUsers.id, row.staffUserId));
    return u?.isActive ? { kind: 'staff', staffId: u.id, username: u.username, role: u.role } : null;
  }
  if (row.subjectType === 'participant' && row.participantId) {
    const [p] = await db
      .select({ id: participants.id, eventId: participants.eventId })
      .from(participants)
      .where(eq(participants.id, row.participantId));
    return p ? { kind: 'participant', participantId: p.id, eventId: p.eventId } : null;
  }
  return null;
}

/** Ends the sign-in the refresh token belongs to, on every device that shares it. */
export async function revokeRefreshToken(db: DbOrTx, raw: string): Promise<boolean> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(raw)));
  if (!row) return false;
  await revokeFamily(db, row.familyId);
  return true;
}

/** Ends every sign-in of a staff user (after a change of role): the next refresh fails. */
export async function revokeStaffSessions(db: DbOrTx, staffId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.staffUserId, staffId), isNull(refreshTokens.revokedAt)));
}
