// The schemas of the calls the first screen makes (sign-in, session restore; the landing page's
// figures are checked by hand, see features/landing/api). Imported only through lib/schemas.ts, so
// zod arrives after the first screen is drawn.
import { ZMe, ZTokenPair } from '@attend/shared';

export {
  ZChallengeRequired,
  ZMe,
  ZParticipantSelf,
  ZParticipantTokens,
  ZSessionsRevoked,
  ZStaffTokens,
} from '@attend/shared';

/**
 * A refresh's answer (the shared ZRefreshAnswer), read leniently: a server from before the account
 * was added to it answers without one, and the account is then asked for separately.
 */
export const ZRefreshAnswerRead = ZTokenPair.extend({ user: ZMe.optional() });
