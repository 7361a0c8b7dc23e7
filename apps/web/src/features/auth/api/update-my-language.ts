import type { TLanguage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { later } from '../../../lib/schemas';

/** PATCH /api/accounts/me/language/: the signed-in participant's own language; answers their account. */
export function updateMyLanguage(language: TLanguage) {
  return api(apiPaths.myLanguage(), {
    method: 'PATCH',
    body: { language },
    schema: later('ZParticipantSelf'),
  });
}
