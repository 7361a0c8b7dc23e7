import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBulkUploadResult, type TBulkUploadMode, type TBulkUploadResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { InvalidResponseError } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';
import { invalidateParticipants } from './invalidate-participants';

export type BulkUploadInput = {
  file: File;
  /** What to do with existing participants, chosen after the preview. */
  mode: TBulkUploadMode;
  /** The preview's fingerprint: the server refuses the upload (409 preview_stale) if it no longer holds. */
  fingerprint: string;
  onProgress: (fraction: number) => void;
};

/** POST /api/events/{eventId}/participants/bulk_upload/?mode=…&fingerprint=… (multipart) with upload progress. */
export async function bulkUploadParticipants(
  eventId: number,
  { file, mode, fingerprint, onProgress }: BulkUploadInput,
): Promise<TBulkUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ mode, fingerprint });
  const body = await uploadForm(`${apiPaths.participantsBulkUpload(eventId)}?${query}`, form, onProgress);
  const parsed = ZBulkUploadResult.safeParse(body);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}

export function useBulkUploadParticipants(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkUploadInput) => bulkUploadParticipants(eventId, input),
    onSuccess: () => invalidateParticipants(queryClient, eventId),
  });
}
