import { Button } from '@mantine/core';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useDownloadProgrammeCalendar } from '../api/download-calendar';
import { ts } from '../i18n';

/** Staff sessions page: the event's whole programme (sessions and sub-sessions) as an .ics file. */
export function CalendarProgrammeButton({ eventId }: { eventId: number }) {
  const download = useDownloadProgrammeCalendar();
  return (
    <Button
      variant="default"
      loading={download.isPending}
      onClick={() =>
        download.mutate(eventId, {
          onError: (err) => notify(serverMessage(err, ts('cal.programmeFailed')), 'error'),
        })
      }
    >
      {ts('cal.programme')}
    </Button>
  );
}
