import type { TLanguage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { downloadFile } from '../../../lib/transfer';

export const UPLOAD_TEMPLATE_FILENAME = 'participants_template.xlsx';

/** GET the Bulk Upload template (built by the server, its notes in `language`) and save it. */
export function downloadUploadTemplate(eventId: number, language: TLanguage): Promise<void> {
  const query = new URLSearchParams({ language });
  return downloadFile(`${apiPaths.participantsUploadTemplate(eventId)}?${query}`, UPLOAD_TEMPLATE_FILENAME);
}
