import type { QueryClient } from '@tanstack/react-query';
import { eventMessagesQueryOptions } from './get-event-messages';
import { failedEmailStatsQueryOptions } from './get-failed-email-stats';

/** After a retry: the failed-e-mail figures and every event's message list. */
export function invalidateMessages(queryClient: QueryClient) {
  return Promise.all(
    [failedEmailStatsQueryOptions().queryKey, eventMessagesQueryOptions().queryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
