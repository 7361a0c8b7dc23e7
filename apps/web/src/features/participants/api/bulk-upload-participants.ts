import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBulkUploadResult, type TBulkUploadResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { InvalidResponseError } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';
import { invalidateParticipants } from './invalidate-participants';

/** POST /api/events/{eventId}/participants/bulk_upload/ (multipart) with upload progress. */
export async function bulkUploadParticipants(
  eventId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TBulkUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await uploadForm(apiPaths.participantsBulkUpload(eventId), form, onProgress);
  const parsed = ZBulkUploadResult.safeParse(body);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}

export function useBulkUploadParticipants(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      bulkUploadParticipants(eventId, file, onProgress),
    onSuccess: () => invalidateParticipants(queryClient, eventId),
  });
}
