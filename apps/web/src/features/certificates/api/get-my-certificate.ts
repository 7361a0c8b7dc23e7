import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZMyCertificate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/transfer';
import { tcert } from '../i18n';

/** GET /api/participants/me/certificate/: the participant's certificate, or null until one is issued. */
export async function getMyCertificate({ signal }: { signal?: AbortSignal }) {
  try {
    return await api(apiPaths.myCertificate(), { schema: ZMyCertificate, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function myCertificateQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: ['certificates', 'mine', participantId] as const,
    queryFn: ({ signal }) => getMyCertificate({ signal }),
  });
}

export function useMyCertificate(participantId: number) {
  return useQuery(myCertificateQueryOptions(participantId));
}

/** GET /api/participants/me/certificate.pdf, saved as a download. */
export function useDownloadMyCertificate(eventId: number) {
  return useMutation({
    mutationFn: () => downloadFile(apiPaths.myCertificatePdf(), tcert('mine.filename', { event: eventId })),
  });
}
