import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEventDetail, type TEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';
import { eventQueryOptions } from '../../events';

/** POST /api/events/{id}/image/ (multipart `file`): the event, its tag_design.imageUrl the new image. */
export async function uploadEventImage({ eventId, file }: { eventId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return ZEventDetail.parse(await uploadForm(apiPaths.eventImage(eventId), form, () => undefined));
}

/** DELETE /api/events/{id}/image/. */
export function deleteEventImage({ eventId }: { eventId: number }) {
  return api(apiPaths.eventImage(eventId), { method: 'DELETE', schema: ZEventDetail });
}

function useImageMutation<V>(fn: (v: V) => Promise<TEventDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
    },
  });
}

export const useUploadEventImage = () => useImageMutation(uploadEventImage);
export const useDeleteEventImage = () => useImageMutation(deleteEventImage);
