import { Alert } from '@mantine/core';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { ta } from '../i18n';

/** Says the page is offline and, when it shows a kept copy, from when that copy is. */
export function OfflineNotice({ savedAt }: { savedAt: Date | null }) {
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="offline-notice">
      {savedAt ? ta('offline.kept', { time: formatDisplayDateTime(savedAt) }) : ta('offline.nothingKept')}
    </Alert>
  );
}
