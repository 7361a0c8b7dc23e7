import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCertificateIssueResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { certificateEligibilityQueryOptions } from './get-certificate-eligibility';

/** POST /api/events/{id}/certificates/issue/: to everyone who qualifies and has none yet. */
export function issueCertificates(eventId: number) {
  return api(apiPaths.certificatesIssue(eventId), { method: 'POST', schema: ZCertificateIssueResult });
}

export function useIssueCertificates(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueCertificates(eventId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: certificateEligibilityQueryOptions(eventId).queryKey }),
  });
}
