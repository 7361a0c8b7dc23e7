import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCertificateVerification } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/verify/{id}/ (public, no token). */
export function verifyCertificate({
  certificateId,
  signal,
}: {
  certificateId: string;
  signal?: AbortSignal;
}) {
  return api(apiPaths.verifyCertificate(certificateId), {
    auth: false,
    schema: ZCertificateVerification,
    signal,
  });
}

export function verifyCertificateQueryOptions(certificateId: string) {
  return queryOptions({
    queryKey: ['certificates', 'verify', certificateId] as const,
    queryFn: ({ signal }) => verifyCertificate({ certificateId, signal }),
    retry: false,
  });
}

export function useVerifyCertificate(certificateId: string) {
  return useQuery(verifyCertificateQueryOptions(certificateId));
}
