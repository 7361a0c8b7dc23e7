import { Box, Container, Group } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { NavLink } from 'react-router';
import { Brand } from '../../components/brand';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { isStaff, useSession } from '../../lib/auth-session';
import { t } from '../../lib/i18n';
import { LayoutBody, LogoutButton } from './layout-parts';
import classes from './layouts.module.css';

/** Header style changes once the page has scrolled this far (spec §9: 10 px). */
const SCROLL_THRESHOLD_PX = 10;

export function StaffLayout() {
  const { user } = useSession();
  const [scroll] = useWindowScroll();
  const logout = useLogout();
  const scrolled = scroll.y > SCROLL_THRESHOLD_PX;
  const username = isStaff(user) ? user.username : '';
  // A scanner only runs check-in stations: the other pages are not theirs to see.
  const isAdmin = isStaff(user) && user.role === 'admin';

  return (
    <>
      <header className={classes.header} data-scrolled={scrolled}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="lg" wrap="wrap">
              <Brand to={isAdmin ? paths.staff.dashboard() : paths.staff.checkInHome()} />
              <Box component="nav" aria-label={t('nav.main')}>
                <Group gap={4}>
                  {isAdmin && (
                    <>
                      <NavLink to={paths.staff.dashboard()} end className={classes.navLink}>
                        {t('nav.dashboard')}
                      </NavLink>
                      <NavLink to={paths.staff.events()} className={classes.navLink}>
                        {t('nav.events')}
                      </NavLink>
                    </>
                  )}
                  <NavLink to={paths.staff.checkInHome()} className={classes.navLink}>
                    {t('nav.checkIn')}
                  </NavLink>
                  {isAdmin && (
                    <>
                      <NavLink to={paths.staff.staffAccess()} className={classes.navLink}>
                        {t('nav.staffAccess')}
                      </NavLink>
                      <NavLink to={paths.staff.mailbox()} className={classes.navLink}>
                        {t('nav.mailbox')}
                      </NavLink>
                    </>
                  )}
                </Group>
              </Box>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <AccountMenu name={username} className={classes.userName} />
              <LogoutButton logout={logout} />
            </Group>
          </Group>
        </Container>
      </header>
      <LayoutBody />
    </>
  );
}

export default StaffLayout;
