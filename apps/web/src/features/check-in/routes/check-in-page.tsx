import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { NoticePage } from '../../../components/notice-page';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { useIdParam } from '../../../lib/use-id-param';
import { useCheckInEvents } from '../api/get-check-in-events';
import { CheckInStation } from '../components/check-in-station';
import { tc } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/events/{eventId}/check-in (document 2 §2 Check-in page). */
export function CheckInPage() {
  const eventId = useIdParam('eventId');
  const events = useCheckInEvents();
  const { user } = useSession();
  const isAdmin = isStaff(user) && user.role === 'admin';
  const event = eventId === null ? undefined : events.data?.find((e) => e.id === eventId);
  usePageTitle(
    `${event ? tc('station.title', { event: event.name }) : tc('station.documentTitle')} | ${t('app.name')}`,
  );

  const back = isAdmin && eventId !== null ? paths.staff.event(eventId) : paths.staff.checkInHome();
  if (eventId === null || (events.data && !event)) {
    return (
      <NoticePage title={tc('station.eventNotFound')}>
        <Button
          component={Link}
          to={isAdmin ? paths.staff.events() : paths.staff.checkInHome()}
          variant="default"
        >
          {isAdmin ? t('nav.events') : tc('station.changeEvent')}
        </Button>
      </NoticePage>
    );
  }
  return (
    <CheckInStation
      key={eventId}
      eventId={eventId}
      event={event}
      nav={
        <Anchor component={Link} to={back} c="blue.9" w="fit-content">
          ← {isAdmin ? tc('station.back') : tc('station.changeEvent')}
        </Anchor>
      }
    />
  );
}

export default CheckInPage;
