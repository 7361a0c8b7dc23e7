import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events, participants, refreshTokens, staffUsers } from '../../db/schema';
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** However often a sign-in is refreshed, it ends after this long (sooner for a participant). */
export const SIGN_IN_MAX_MS = 30 * DAY_MS;

/**
 * When a new sign-in ends, whatever its refreshes: 30 days for staff; for a participant the event's
 * end when that is sooner, but never less than a day, so someone who signs in on the last evening
 * (or after the event, for their tag) is not sent back to the sign-in page within minutes.
 */
async function signInEnd(db: DbOrTx, actor: Actor, now: number): Promise<Date> {
  let end = now + SIGN_IN_MAX_MS;
  if (actor.kind === 'participant') {
    const [event] = await db
      .select({ endDate: events.endDate })
      .from(events)
      .where(eq(events.id, actor.eventId));
    if (event) end = Math.min(end, Math.max(event.endDate.getTime(), now + DAY_MS));
  }
  return new Date(end);
}

type Family = { id: string; expiresAt: Date; loginLinkId: number | null };

/** Adds a token to a family: a new sign-in, or a rotation (which keeps the family's end and link). */
async function issueRefreshToken(
  db: DbOrTx,
  actor: Actor,
  meta: ClientMeta,
  family: Family,
): Promise<string> {
  const raw = randomToken(32);
  const expiresAt = Math.min(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000, family.expiresAt.getTime());
  await db.insert(refreshTokens).values({
    tokenHash: sha256(raw),
    familyId: family.id,
    familyExpiresAt: family.expiresAt,
    loginLinkId: family.loginLinkId,
    subjectType: actor.kind,
    staffUserId: actor.kind === 'staff' ? actor.staffId : null,
    participantId: actor.kind === 'participant' ? actor.participantId : null,
    expiresAt: new Date(expiresAt),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return raw;
}

/** A new sign-in: a new family, and an access token that names it (so revoking it ends both). */
export async function issueTokenPair(
  db: DbOrTx,
  tokens: TokenService,
  actor: Actor,
  meta: ClientMeta,
  opts: { loginLinkId?: number } = {},
): Promise<TokenPair> {
  const family: Family = {
    id: randomUUID(),
    expiresAt: await signInEnd(db, actor, Date.now()),
    loginLinkId: opts.loginLinkId ?? null,
  };
  const refresh = await issueRefreshToken(db, actor, meta, family);
  const access = tokens.signAccess(actor, family.id);
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
    const now = Date.now();
    if (row.expiresAt.getTime() <= now || row.familyExpiresAt.getTime() <= now) {
      return { kind: 'invalid' as const };
    }
    const actor = await actorFor(tx, row);
    if (!actor) {
      await revokeFamily(tx, row.familyId);
      return { kind: 'invalid' as const };
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const refresh = await issueRefreshToken(tx, actor, meta, {
      id: row.familyId,
      expiresAt: row.familyExpiresAt,
      loginLinkId: row.loginLinkId,
    });
    return { kind: 'ok' as const, actor, refresh, familyId: row.familyId };
  });
  if (outcome.kind !== 'ok') throw new AppError('token_not_valid', messages.refreshInvalid);
  return { access: tokens.signAccess(outcome.actor, outcome.familyId), refresh: outcome.refresh };
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

/**
 * Ends every sign-in of a staff user or participant (sign out everywhere; a change of role): their
 * refresh tokens stop working, and their access tokens once each process has reloaded the revoked
 * sign-ins (see RevokedSessions); a participant's calendar subscription URL is revoked with them.
 * Returns how many sign-ins were ended.
 */
export async function revokeSubjectSessions(
  db: DbOrTx,
  subject: { staffId: number } | { participantId: number },
): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        'staffId' in subject
          ? eq(refreshTokens.staffUserId, subject.staffId)
          : eq(refreshTokens.participantId, subject.participantId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  if ('participantId' in subject) {
    // The calendar subscription URL is a standing credential too: its old address stops answering.
    await db
      .update(participants)
      .set({ calendarToken: null })
      .where(and(eq(participants.id, subject.participantId), isNotNull(participants.calendarToken)));
  }
  return new Set(revoked.map((r) => r.familyId)).size;
}

/** Ends the sign-ins opened with these login links (when the links are revoked). */
export async function revokeLinkSessions(db: DbOrTx, loginLinkIds: number[]): Promise<number> {
  if (loginLinkIds.length === 0) return 0;
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(refreshTokens.loginLinkId, loginLinkIds), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((r) => r.familyId)).size;
}
