import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { downloadFile } from '../../../lib/transfer';
import { tc } from '../i18n';

/** GET /api/events/{eventId}/attendance/dsa-report/export/?day=: the report as an .xlsx download. */
export function exportDsaReport(eventId: number, day: string): Promise<void> {
  return downloadFile(apiPaths.dsaReportExport(eventId, day), tc('dsa.filename', { event: eventId, day }));
}

export function useExportDsaReport(eventId: number) {
  return useMutation({ mutationFn: (day: string) => exportDsaReport(eventId, day) });
}
