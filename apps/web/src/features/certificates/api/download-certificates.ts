import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { downloadFile } from '../../../lib/transfer';
import { tcert } from '../i18n';

/** GET /api/events/{id}/certificates.pdf: every certificate that is not withdrawn, one PDF. */
export function downloadCertificates(eventId: number) {
  return downloadFile(apiPaths.certificatesPdf(eventId), tcert('downloadAll.filename', { event: eventId }));
}

export function useDownloadCertificates(eventId: number) {
  return useMutation({ mutationFn: () => downloadCertificates(eventId) });
}
