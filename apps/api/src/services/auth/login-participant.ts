import type { TParticipantLogin, TParticipantSelf } from '@attend/shared';
import type { Db } from '../../db/client';
import type { TokenService } from '../../lib/tokens';
import { audit } from '../audit';
import { checkParticipantCode } from './check-participant-code';
import type { Guard } from './rate-limit';
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
  guard: Guard,
): Promise<TokenPair & { participant: TParticipantSelf }> {
  const { participant, event } = await checkParticipantCode(db, {
    eventCode: input.event_code,
    uniqueCode: input.unique_code,
    meta,
    purpose: 'participant-login',
    guard,
  });
  const actor = { kind: 'participant' as const, participantId: participant.id, eventId: event.id };
  const pair = await issueTokenPair(db, tokens, actor, meta);
  await audit(db, { action: 'participant.login', actor, ip: meta.ip });
  return { ...pair, participant: participantSelf(participant, event, qrUrlFor(participant)) };
}
