import { useMutation } from '@tanstack/react-query';
import { ZCertificateSendResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** POST /api/events/{id}/certificates/send/: an e-mail to every holder, through the outbox. */
export function sendCertificates(eventId: number) {
  return api(apiPaths.certificatesSend(eventId), { method: 'POST', schema: ZCertificateSendResult });
}

export function useSendCertificates(eventId: number) {
  return useMutation({ mutationFn: () => sendCertificates(eventId) });
}
