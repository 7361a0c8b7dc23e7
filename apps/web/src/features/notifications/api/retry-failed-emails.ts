import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRetryResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateMessages } from './invalidate-messages';

/** The API waits up to 10 s for the outbox to send the retried messages before it answers. */
export const RETRY_TIMEOUT_MS = 60_000;

/** POST /api/accounts/admin/failed-emails/retry/ (Retry Now): the failed messages whose retry is due. */
export function retryFailedEmails() {
  return api(apiPaths.retryFailedEmails(), {
    method: 'POST',
    body: {},
    schema: ZRetryResult,
    timeoutMs: RETRY_TIMEOUT_MS,
  });
}

export function useRetryFailedEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedEmails,
    onSettled: () => invalidateMessages(queryClient),
  });
}
