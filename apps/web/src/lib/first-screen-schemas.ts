// The schemas of the calls the first screen makes (sign-in, session restore, the landing page's
// figures). Imported only through lib/schemas.ts, so zod arrives after the first screen is drawn.
export {
  ZChallengeRequired,
  ZMe,
  ZParticipantSelf,
  ZParticipantTokens,
  ZPublicStats,
  ZSessionsRevoked,
  ZStaffTokens,
  ZTokenPair,
} from '@attend/shared';
