import { useNavigate } from 'react-router';
import { NoticePage } from '../../../components/notice-page';
import { paths } from '../../../config/paths';
import { t } from '../../../lib/i18n';
import { endKiosk } from '../../../lib/kiosk-lock';
import { useIdParam } from '../../../lib/use-id-param';
import { useCheckInEvents } from '../api/get-check-in-events';
import { KioskExit } from '../components/kiosk-exit';
import { KioskScreen } from '../components/kiosk-screen';
import { tk } from '../kiosk-i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /kiosk/{eventId}: the self check-in kiosk, for admins and the event's scanners. */
export function KioskPage() {
  const eventId = useIdParam('eventId');
  const events = useCheckInEvents();
  const navigate = useNavigate();
  const event = eventId === null ? undefined : events.data?.find((e) => e.id === eventId);
  usePageTitle(`${tk('kiosk.documentTitle')} | ${t('app.name')}`);

  const exit = () => {
    endKiosk();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    void navigate(eventId === null ? paths.staff.checkInHome() : paths.staff.checkIn(eventId), {
      replace: true,
    });
  };

  // A kiosk the account may not run (or no such event) still only leaves with the PIN.
  if (eventId === null || (events.data && !event)) {
    return (
      <NoticePage title={tk('kiosk.eventNotFound')}>
        <KioskExit onExit={exit} />
      </NoticePage>
    );
  }
  return (
    <KioskScreen
      key={eventId}
      eventId={eventId}
      event={event}
      eventLoading={events.isPending}
      onExit={exit}
    />
  );
}

export default KioskPage;
