import { ApiError, InvalidResponseError, NetworkError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { ChallengeFailedError } from '../../../lib/proof-of-work';

// A proof of work that could not be solved is not the person's mistake: each form's generic
// failure, never the server's 428 detail.

/** /login, Participant tab (document 1 §8). */
export function participantLoginError(err: unknown): string {
  if (err instanceof ChallengeFailedError) return t('login.error.default');
  if (err instanceof ApiError) {
    // Checked first: our API answers an unknown path with a generic 'Not found.' detail.
    if (err.status === 404) return t('login.error.notFound');
    if (err.detail) return err.detail;
    if (err.status === 401) return t('login.error.invalidCodes');
    return t('login.error.default');
  }
  if (err instanceof InvalidResponseError) return t('login.error.default');
  return t('login.error.thrown');
}

/** /login, User tab (document 1 §8). */
export function userLoginError(err: unknown): string {
  if (err instanceof ChallengeFailedError) return t('login.error.staffDefault');
  if (err instanceof ApiError) return err.detail ?? t('login.error.staffDefault');
  if (err instanceof InvalidResponseError) return t('login.error.staffDefault');
  return t('login.error.thrown');
}

/** /dashboard/login, the Staff Portal (document 2 §8). */
export function staffPortalError(err: unknown): string {
  if (err instanceof ChallengeFailedError) return t('staffLogin.error.default');
  if (err instanceof ApiError) {
    if (err.detail) return err.detail;
    if (err.status === 401) return t('staffLogin.error.invalid');
    return t('staffLogin.error.default');
  }
  if (err instanceof NetworkError) return t('staffLogin.error.network');
  if (err instanceof InvalidResponseError) return t('staffLogin.error.invalidResponse');
  return t('staffLogin.error.default');
}
