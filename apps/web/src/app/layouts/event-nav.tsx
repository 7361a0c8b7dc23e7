import { Box, Container, type MantineSize } from '@mantine/core';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { t, type TranslationKey } from '../../lib/i18n';
import classes from './layouts.module.css';

type Section = { label: TranslationKey; to: (eventId: number) => string; end?: boolean };

// The event's areas in the order an organiser works through them. Only pages that exist: the
// no-dead-ends journey follows every link.
const SECTIONS: readonly Section[] = [
  { label: 'eventNav.overview', to: paths.staff.event, end: true },
  { label: 'eventNav.participants', to: paths.staff.participants },
  { label: 'eventNav.sessions', to: paths.staff.sessions },
  { label: 'eventNav.checkIn', to: paths.staff.checkIn },
  { label: 'eventNav.dsaReport', to: paths.staff.dsaReport },
  { label: 'eventNav.certificates', to: paths.staff.certificates },
  { label: 'eventNav.tagDesign', to: paths.staff.tagDesign },
  { label: 'eventNav.messages', to: paths.staff.eventMessages },
  { label: 'eventNav.activity', to: (eventId: number) => paths.staff.activity(eventId) },
];

/**
 * One event's own navigation, under the staff header on every page of that event. The current
 * area is marked (aria-current="page"); on a phone the row scrolls sideways instead of wrapping.
 * Plain links, not a list: the overview's statistics are the page's list items.
 */
export function EventNav({ eventId, size }: { eventId: number; size: MantineSize }) {
  return (
    <Box component="nav" aria-label={t('eventNav.label')} className={classes.eventNav}>
      <Container size={size}>
        <div className={classes.eventNavRow}>
          {SECTIONS.map((section) => (
            <NavLink
              key={section.label}
              to={section.to(eventId)}
              end={section.end}
              className={classes.eventNavLink}
            >
              {t(section.label)}
            </NavLink>
          ))}
        </div>
      </Container>
    </Box>
  );
}
