import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { downloadFile } from '../../../lib/transfer';
import { ta } from '../i18n';
import { activityQuery, type ActivityFilters } from './get-activity';

/** GET /api/events/{eventId}/activity/export/: the filtered activity as an .xlsx download. */
export function exportActivity(eventId: number, filters: ActivityFilters): Promise<void> {
  return downloadFile(
    apiPaths.eventActivityExport(eventId, activityQuery(filters)),
    ta('page.filename', { event: eventId }),
  );
}

export function useExportActivity(eventId: number) {
  return useMutation({ mutationFn: (filters: ActivityFilters) => exportActivity(eventId, filters) });
}
