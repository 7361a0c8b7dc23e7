import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { tp } from '../i18n';
import { downloadFile } from '../../../lib/transfer';

/** GET /api/events/{eventId}/participants/export/: a zip of the CSV and one QR PNG per confirmed participant. */
export function exportParticipants(eventId: number): Promise<void> {
  return downloadFile(apiPaths.participantsExport(eventId), tp('export.filename'));
}

export function useExportParticipants(eventId: number) {
  return useMutation({ mutationFn: () => exportParticipants(eventId) });
}
