import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRetryResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateMessages } from './invalidate-messages';
import { RETRY_TIMEOUT_MS } from './retry-failed-emails';

/** POST /api/events/{eventId}/messages/{id}/retry/: send one failed message again now. */
export function retryMessage(eventId: number, messageId: number) {
  return api(apiPaths.retryMessage(eventId, messageId), {
    method: 'POST',
    body: {},
    schema: ZRetryResult,
    timeoutMs: RETRY_TIMEOUT_MS,
  });
}

export function useRetryMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => retryMessage(eventId, messageId),
    onSettled: () => invalidateMessages(queryClient),
  });
}
