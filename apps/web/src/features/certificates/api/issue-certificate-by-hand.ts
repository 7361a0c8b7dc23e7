import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCertificate, type TCertificateManualIssue } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { certificateEligibilityQueryOptions } from './get-certificate-eligibility';

/** POST /api/events/{id}/certificates/manual/: one certificate, whatever the rules, with a note. */
export function issueCertificateByHand(eventId: number, body: TCertificateManualIssue) {
  return api(apiPaths.certificateManual(eventId), { method: 'POST', body, schema: ZCertificate });
}

export function useIssueCertificateByHand(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCertificateManualIssue) => issueCertificateByHand(eventId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: certificateEligibilityQueryOptions(eventId).queryKey }),
  });
}
