import { Suspense } from 'react';
import { Box, Button, Container, Group, Text } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { NavLink, Outlet } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { Brand } from '../../components/brand';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { isStaff, useSession } from '../../lib/auth-session';
import { t } from '../../lib/i18n';
import classes from './layouts.module.css';

/** Header style changes once the page has scrolled this far (spec §9: 10 px). */
const SCROLL_THRESHOLD_PX = 10;

export function StaffLayout() {
  const { user } = useSession();
  const [scroll] = useWindowScroll();
  const logout = useLogout();
  const scrolled = scroll.y > SCROLL_THRESHOLD_PX;
  const username = isStaff(user) ? user.username : '';

  return (
    <>
      <header className={classes.header} data-scrolled={scrolled}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="lg" wrap="wrap">
              <Brand to={paths.staff.dashboard()} />
              <Box component="nav" aria-label={t('nav.main')}>
                <Group gap={4}>
                  <NavLink to={paths.staff.dashboard()} end className={classes.navLink}>
                    {t('nav.dashboard')}
                  </NavLink>
                  <NavLink to={paths.staff.events()} className={classes.navLink}>
                    {t('nav.events')}
                  </NavLink>
                </Group>
              </Box>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text fw={600} className={classes.userName} data-testid="current-user">
                {username}
              </Text>
              <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
                {t('nav.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </>
  );
}

export default StaffLayout;
