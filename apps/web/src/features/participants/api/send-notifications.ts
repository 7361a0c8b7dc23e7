import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  format,
  messages,
  SEND_NOTIFICATIONS_MAX,
  ZSendNotificationsResult,
  type NotificationType,
  type TSendNotificationsResult,
} from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { invalidateParticipants } from './invalidate-participants';

export type SendNotificationsInput = { participantIds: number[]; type: NotificationType };

/**
 * POST /api/events/{eventId}/participants/send_notifications/: queues the login details of each
 * participant (sending happens in the background); success counts the queued ones.
 */
export function sendNotifications(eventId: number, participantIds: number[], type: NotificationType) {
  return api(apiPaths.sendNotifications(eventId), {
    method: 'POST',
    body: { participant_ids: participantIds, type },
    schema: ZSendNotificationsResult,
    // Up to 50,000 participants queued in one transaction.
    timeoutMs: 120_000,
  });
}

/** More ids than one request takes go in consecutive requests; their counts and errors add up. */
async function sendInBatches(
  eventId: number,
  { participantIds, type }: SendNotificationsInput,
): Promise<TSendNotificationsResult> {
  if (participantIds.length <= SEND_NOTIFICATIONS_MAX) {
    return sendNotifications(eventId, participantIds, type);
  }
  const total: TSendNotificationsResult = {
    success_count: 0,
    error_count: 0,
    errors: [],
    message: '',
    email: { queued: 0, errors: 0 },
    sms: { queued: 0, errors: 0 },
  };
  for (let start = 0; start < participantIds.length; start += SEND_NOTIFICATIONS_MAX) {
    const part = await sendNotifications(
      eventId,
      participantIds.slice(start, start + SEND_NOTIFICATIONS_MAX),
      type,
    );
    total.success_count += part.success_count;
    total.error_count += part.error_count;
    total.errors.push(...part.errors);
    for (const channel of ['email', 'sms'] as const) {
      total[channel].queued += part[channel].queued;
      total[channel].errors += part[channel].errors;
    }
  }
  return {
    ...total,
    message: format(messages.notificationsSent, { success: total.success_count, errors: total.error_count }),
  };
}

export function useSendNotifications(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendNotificationsInput) => sendInBatches(eventId, input),
    onSettled: (_result, _error, input) =>
      invalidateParticipants(
        queryClient,
        eventId,
        input.participantIds.length === 1 ? input.participantIds[0] : undefined,
      ),
  });
}
