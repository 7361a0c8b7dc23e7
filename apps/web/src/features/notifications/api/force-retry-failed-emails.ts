import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRetryResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateMessages } from './invalidate-messages';
import { RETRY_TIMEOUT_MS } from './retry-failed-emails';

/**
 * POST /api/accounts/admin/failed-emails/force-retry/ (Force Retry All Failed): every failed
 * message, those that used up their attempts included, is sent again now.
 */
export function forceRetryFailedEmails() {
  return api(apiPaths.forceRetryFailedEmails(), {
    method: 'POST',
    body: {},
    schema: ZRetryResult,
    timeoutMs: RETRY_TIMEOUT_MS,
  });
}

export function useForceRetryFailedEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceRetryFailedEmails,
    onSettled: () => invalidateMessages(queryClient),
  });
}
