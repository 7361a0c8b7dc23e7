import { ZParticipantSelf, type TLanguage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** PATCH /api/accounts/me/language/: the signed-in participant's own language; answers their account. */
export function updateMyLanguage(language: TLanguage) {
  return api(apiPaths.myLanguage(), { method: 'PATCH', body: { language }, schema: ZParticipantSelf });
}
