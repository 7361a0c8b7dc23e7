import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ZMyCertificate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/transfer';
import { tcert } from '../i18n';

/** GET /api/participants/me/certificate/: the participant's certificate, or null until one is issued. */
export function getMyCertificate({ signal }: { signal?: AbortSignal }) {
  return api(apiPaths.myCertificate(), { schema: ZMyCertificate.nullable(), signal });
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
