import { useMutation } from '@tanstack/react-query';
import { ZBulkUploadPreview, type TBulkUploadPreview } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { InvalidResponseError } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';

/** POST /api/events/{eventId}/participants/bulk_upload/preview/ (multipart): what the file would do, nothing written. */
export async function previewBulkUpload(
  eventId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TBulkUploadPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await uploadForm(apiPaths.participantsBulkUploadPreview(eventId), form, onProgress);
  const parsed = ZBulkUploadPreview.safeParse(body);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}

export function usePreviewBulkUpload(eventId: number) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      previewBulkUpload(eventId, file, onProgress),
  });
}
