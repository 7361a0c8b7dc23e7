import { and, eq } from 'drizzle-orm';
import { messages, normalizeCode, type TParticipantLogin, type TParticipantSelf } from '@attend/shared';
import type { Db } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { LOGIN_LIMITS, assertNotLimited, recordHits, type Limit } from './rate-limit';
import type { QrUrlFor } from '../qr/qr-url';
import type { ClientMeta } from '../../lib/request-meta';
import { issueTokenPair, type TokenPair } from './refresh-tokens';
import { participantSelf } from './serialize';

/**
 * Participant sign-in with event code and unique code. A wrong event code and a wrong unique code
 * get the same answer, so the endpoint does not reveal which events exist.
 */
export async function loginParticipant(
  db: Db,
  tokens: TokenService,
  input: TParticipantLogin,
  meta: ClientMeta,
  qrUrlFor: QrUrlFor,
): Promise<TokenPair & { participant: TParticipantSelf }> {
  const eventCode = normalizeCode(input.event_code);
  const uniqueCode = normalizeCode(input.unique_code);
  const limits: Limit[] = [
    { key: `participant-login:ip:${meta.ip}`, ...LOGIN_LIMITS.perAddress },
    { key: `participant-login:event:${eventCode}`, ...LOGIN_LIMITS.perEventCode },
  ];
  await assertNotLimited(db, limits);
  const [row] = await db
    .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(eq(events.eventCode, eventCode), eq(participants.uniqueCode, uniqueCode)));
  if (!row) {
    await recordHits(db, limits);
    await audit(db, { action: 'participant.login_failed', ip: meta.ip, details: { event_code: eventCode } });
    throw new AppError('invalid_credentials', messages.invalidParticipantCredentials);
  }
  const actor = { kind: 'participant' as const, participantId: row.p.id, eventId: row.e.id };
  const pair = await issueTokenPair(db, tokens, actor, meta);
  await audit(db, { action: 'participant.login', actor, ip: meta.ip });
  return { ...pair, participant: participantSelf(row.p, row.e, qrUrlFor(row.p)) };
}
