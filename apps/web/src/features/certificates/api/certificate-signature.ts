import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEventDetail, type TEventDetail } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/transfer';
import { eventQueryOptions } from '../../events';

/** POST /api/events/{id}/certificate-signature/ (multipart `file`): the event with its signature_url. */
export async function uploadCertificateSignature({ eventId, file }: { eventId: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return ZEventDetail.parse(await uploadForm(apiPaths.certificateSignature(eventId), form, () => undefined));
}

/** DELETE /api/events/{id}/certificate-signature/. */
export function deleteCertificateSignature({ eventId }: { eventId: number }) {
  return api(apiPaths.certificateSignature(eventId), { method: 'DELETE', schema: ZEventDetail });
}

function useSignatureMutation<V>(fn: (v: V) => Promise<TEventDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (event) => queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event),
  });
}

export const useUploadCertificateSignature = () => useSignatureMutation(uploadCertificateSignature);
export const useDeleteCertificateSignature = () => useSignatureMutation(deleteCertificateSignature);
