import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCertificate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { certificateEligibilityQueryOptions } from './get-certificate-eligibility';

/** POST /api/events/{id}/certificates/{certificateId}/withdraw/. */
export function withdrawCertificate(eventId: number, certificateId: string) {
  return api(apiPaths.certificateWithdraw(eventId, certificateId), { method: 'POST', schema: ZCertificate });
}

export function useWithdrawCertificate(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) => withdrawCertificate(eventId, certificateId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: certificateEligibilityQueryOptions(eventId).queryKey }),
  });
}
