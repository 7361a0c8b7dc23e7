import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages, type TParticipantSelf } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events, loginLinks, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256, type StaffActor, type TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { GUESSING, evaluateWithinBudget, networkOf, type Budget, type Guard } from './rate-limit';
import type { ClientMeta } from '../../lib/request-meta';
import { issueTokenPair, revokeLinkSessions, revokeSubjectSessions, type TokenPair } from './refresh-tokens';
import { participantSelf } from './serialize';
import { requireParticipant } from '../participants/scope';

const MAX_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Creates a one-click sign-in link for a participant of the event. The token (128 bits) is shown
 * once; only its hash is stored. It lasts until the event ends, and never more than 30 days.
 */
export async function createLoginLink(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; publicUrl: string; ip: string },
): Promise<{ url: string; expires_at: string }> {
  const [row] = await db
    .select({ participantId: participants.id, endDate: events.endDate })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(eq(participants.id, params.participantId), eq(participants.eventId, params.eventId)));
  if (!row) throw new AppError('not_found', messages.participantNotFound);
  const now = Date.now();
  const expiresAt = new Date(Math.min(row.endDate.getTime(), now + MAX_LINK_LIFETIME_MS));
  if (expiresAt.getTime() <= now) throw new AppError('bad_request', messages.eventEnded);
  const token = randomToken(16);
  await db.insert(loginLinks).values({
    tokenHash: sha256(token),
    eventId: params.eventId,
    participantId: row.participantId,
    createdBy: actor.staffId,
    expiresAt,
  });
  await audit(db, {
    action: 'login_link.create',
    actor,
    eventId: params.eventId,
    targetType: 'participant',
    targetId: row.participantId,
    ip: params.ip,
  });
  const query = new URLSearchParams({ token, event_id: String(params.eventId) });
  return { url: `${params.publicUrl}/auto-login?${query.toString()}`, expires_at: expiresAt.toISOString() };
}

/** Marks every live link of the participant revoked; returns their ids. */
export function revokeLiveLinks(tx: DbOrTx, participantId: number): Promise<{ id: number }[]> {
  return tx
    .update(loginLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(loginLinks.participantId, participantId), isNull(loginLinks.revokedAt)))
    .returning({ id: loginLinks.id });
}

/** Revokes every live link of the participant; returns how many were revoked. */
export async function revokeLoginLinks(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; ip: string },
): Promise<number> {
  const p = await requireParticipant(db, params.eventId, params.participantId);
  const { revoked, sessions } = await db.transaction(async (tx) => {
    const links = await revokeLiveLinks(tx, p.id);
    // Sign-ins opened with a revoked link end with it (a sign-in with the unique code stays).
    return {
      revoked: links,
      sessions: await revokeLinkSessions(
        tx,
        links.map((l) => l.id),
      ),
    };
  });
  await audit(db, {
    action: 'login_link.revoke',
    actor,
    eventId: params.eventId,
    targetType: 'participant',
    targetId: p.id,
    ip: params.ip,
    details: { count: revoked.length, sessions },
  });
  return revoked.length;
}

/** Sign out everywhere, for a participant (staff action): ends every sign-in; returns how many. */
export async function revokeParticipantSessions(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; ip: string },
): Promise<number> {
  const p = await requireParticipant(db, params.eventId, params.participantId);
  const count = await revokeSubjectSessions(db, { participantId: p.id });
  await audit(db, {
    action: 'participant.revoke_sessions',
    actor,
    eventId: params.eventId,
    targetType: 'participant',
    targetId: p.id,
    ip: params.ip,
    details: { count },
  });
  return count;
}

/**
 * Signs a participant in from a one-click link. Links are 128-bit tokens, beyond guessing, so only
 * the network's ramp applies: a burst is counted, and a valid link always gets in.
 */
export async function oneClickLogin(
  db: Db,
  tokens: TokenService,
  token: string,
  meta: ClientMeta,
  qrUrlFor: QrUrlFor,
  guard: Guard,
): Promise<TokenPair & { participant: TParticipantSelf }> {
  const budget: Budget = { ramps: [{ key: `link:net:${networkOf(meta.ip)}`, ...GUESSING.linkNetwork }] };
  const row = await evaluateWithinBudget(db, budget, guard, async (tx) => {
    const [found] = await tx
      .select({
        linkId: loginLinks.id,
        p: participants,
        e: { id: events.id, eventCode: events.eventCode, name: events.name },
      })
      .from(loginLinks)
      .innerJoin(participants, eq(participants.id, loginLinks.participantId))
      .innerJoin(events, eq(events.id, participants.eventId))
      .where(
        and(
          eq(loginLinks.tokenHash, sha256(token)),
          isNull(loginLinks.revokedAt),
          gt(loginLinks.expiresAt, new Date()),
        ),
      );
    return found ?? null;
  });
  if (!row) {
    await audit(db, { action: 'participant.one_click_failed', ip: meta.ip });
    throw new AppError('invalid_credentials', messages.loginLinkExpired);
  }
  await db
    .update(loginLinks)
    .set({ lastUsedAt: new Date(), useCount: sql`${loginLinks.useCount} + 1` })
    .where(eq(loginLinks.id, row.linkId));
  const actor = { kind: 'participant' as const, participantId: row.p.id, eventId: row.e.id };
  const pair = await issueTokenPair(db, tokens, actor, meta, { loginLinkId: row.linkId });
  await audit(db, { action: 'participant.one_click_login', actor, ip: meta.ip });
  return { ...pair, participant: participantSelf(row.p, row.e, qrUrlFor(row.p)) };
}
