import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEventDetail, type TEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';
import { eventQueryOptions } from '../../events';

/** POST /api/events/{id}/logo/ (multipart `file`): the event with its new logo_url. */
export async function uploadEventLogo({ eventId, file }: { eventId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return ZEventDetail.parse(await uploadForm(apiPaths.eventLogo(eventId), form, () => undefined));
}

/** DELETE /api/events/{id}/logo/. */
export function deleteEventLogo({ eventId }: { eventId: number }) {
  return api(apiPaths.eventLogo(eventId), { method: 'DELETE', schema: ZEventDetail });
}

function useLogoMutation<V>(fn: (v: V) => Promise<TEventDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (event) => {
      queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
    },
  });
}

export const useUploadEventLogo = () => useLogoMutation(uploadEventLogo);
export const useDeleteEventLogo = () => useLogoMutation(deleteEventLogo);
