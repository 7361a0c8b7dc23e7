import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCertificateEligibility } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/events/{id}/certificates/eligibility/: who qualifies, who does not and why. */
export function getCertificateEligibility({ eventId, signal }: { eventId: number; signal?: AbortSignal }) {
  return api(apiPaths.certificateEligibility(eventId), { schema: ZCertificateEligibility, signal });
}

export function certificateEligibilityQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['certificates', eventId, 'eligibility'] as const,
    queryFn: ({ signal }) => getCertificateEligibility({ eventId, signal }),
  });
}

export function useCertificateEligibility(eventId: number) {
  return useQuery(certificateEligibilityQueryOptions(eventId));
}
