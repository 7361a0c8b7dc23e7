import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSmsPreview } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/{eventId}/participants/sms_preview/: the login SMS per language, its encoding and segments. */
export function getSmsPreview(eventId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.smsPreview(eventId), { schema: ZSmsPreview, signal });
}

export function smsPreviewQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['events', eventId, 'sms-preview'] as const,
    queryFn: ({ signal }) => getSmsPreview(eventId, { signal }),
  });
}

export function useSmsPreview(eventId: number, enabled: boolean) {
  return useQuery({ ...smsPreviewQueryOptions(eventId), enabled });
}
