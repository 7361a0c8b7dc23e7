import { Box, Burger, Container, Group, type MantineSize } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { NavLink, useMatch } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';
import { paths, routePatterns } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { isStaff, useSession } from '../../lib/auth-session';
import { t } from '../../lib/i18n';
import { EventNav } from './event-nav';
import { LayoutBody, PhoneMenu, useToastsBelowHeader } from './layout-parts';
import { LogoutButton } from './logout-button';
import classes from './layouts.module.css';

/** Header style changes once the page has scrolled this far (spec §9: 10 px). */
const SCROLL_THRESHOLD_PX = 10;

/** The staff pages' width: tables need the room. */
const PAGE_WIDTH: MantineSize = 'xl';

function StaffNavLinks({
  isAdmin,
  className,
  onNavigate,
}: {
  isAdmin: boolean;
  className: string | undefined;
  onNavigate?: () => void;
}) {
  return (
    <>
      {isAdmin && (
        <>
          <NavLink to={paths.staff.dashboard()} end className={className} onClick={onNavigate}>
            {t('nav.dashboard')}
          </NavLink>
          <NavLink to={paths.staff.events()} className={className} onClick={onNavigate}>
            {t('nav.events')}
          </NavLink>
        </>
      )}
      <NavLink to={paths.staff.checkInHome()} className={className} onClick={onNavigate}>
        {t('nav.checkIn')}
      </NavLink>
      {isAdmin && (
        <>
          <NavLink to={paths.staff.staffAccess()} className={className} onClick={onNavigate}>
            {t('nav.staffAccess')}
          </NavLink>
          <NavLink to={paths.staff.mailbox()} className={className} onClick={onNavigate}>
            {t('nav.mailbox')}
          </NavLink>
        </>
      )}
      {/* The organiser's guide is served by the server, not a route of the app: a full page load. In
          the header it is a "?" named Help (a word more would push the user name off a laptop's
          header in French); the phone menu spells it out. */}
      <a
        href={paths.guide()}
        className={className}
        onClick={onNavigate}
        aria-label={onNavigate ? undefined : t('nav.help')}
        title={onNavigate ? undefined : t('nav.help')}
      >
        {onNavigate ? t('nav.help') : '?'}
      </a>
    </>
  );
}

/** The event id of the page, when it is one of an event's pages. */
function useEventIdOfPage(): number | null {
  const match = useMatch(routePatterns.staffEventArea);
  const id = match?.params.eventId;
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
}

export function StaffLayout() {
  const { user } = useSession();
  const [scroll] = useWindowScroll();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const eventId = useEventIdOfPage();
  const scrolled = scroll.y > SCROLL_THRESHOLD_PX;
  const username = isStaff(user) ? user.username : '';
  // A scanner only runs check-in stations: the other pages (and an event's other areas) are not theirs.
  const isAdmin = isStaff(user) && user.role === 'admin';
  const headerRef = useToastsBelowHeader<HTMLElement>();

  return (
    <>
      <header ref={headerRef} className={classes.header} data-scrolled={scrolled}>
        <Container size={PAGE_WIDTH} py="sm">
          {/* One row at every width: below lg the links move into the menu instead of wrapping. */}
          <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.headerRow}>
            <Group gap="md" wrap="nowrap">
              <Brand to={isAdmin ? paths.staff.dashboard() : paths.staff.checkInHome()} />
              <Box component="nav" aria-label={t('nav.main')} visibleFrom="lg">
                <Group gap={2} wrap="nowrap">
                  <StaffNavLinks isAdmin={isAdmin} className={classes.navLink} />
                </Group>
              </Box>
            </Group>
            <Group gap="sm" wrap="nowrap" visibleFrom="lg" className={classes.headerEnd}>
              <LanguageSwitcher />
              <AccountMenu name={username} className={classes.userName} />
              <LogoutButton logout={logout} />
            </Group>
            <Burger
              hiddenFrom="lg"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpened}
            />
          </Group>
        </Container>
      </header>
      {isAdmin && eventId !== null && <EventNav eventId={eventId} size={PAGE_WIDTH} />}
      <PhoneMenu
        opened={menuOpened}
        onClose={menu.close}
        hiddenFrom="lg"
        top={<AccountMenu name={username} className={classes.userName} />}
        links={<StaffNavLinks isAdmin={isAdmin} className={classes.menuLink} onNavigate={menu.close} />}
        logout={logout}
      />
      <LayoutBody width={PAGE_WIDTH} />
    </>
  );
}

export default StaffLayout;
