import { Badge, Box, Burger, Container, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink } from 'react-router';
import { Brand } from '../../components/brand';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { isParticipant, useSession } from '../../lib/auth-session';
import { t } from '../../lib/i18n';
import { useOffline } from '../../lib/offline-copy';
import { HeaderUser, LayoutBody, LogoutButton } from './layout-parts';
import classes from './layouts.module.css';

export function ParticipantLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const home = isParticipant(user) ? paths.participant.event(user.event.id) : paths.participant.dashboard();
  const name = user ? user.full_name || ('username' in user ? user.username : '') : '';
  const offline = useOffline();

  return (
    <>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Brand to={home} />
              {offline && (
                <Badge color="orange.9" role="status" data-testid="offline-badge">
                  {t('nav.offline')}
                </Badge>
              )}
            </Group>
            <Group gap="md" wrap="nowrap" visibleFrom="sm">
              <Box component="nav" aria-label={t('nav.main')}>
                <NavLink to={home} end className={classes.navLink}>
                  {t('nav.home')}
                </NavLink>
              </Box>
              <HeaderUser name={name} logout={logout} />
            </Group>
            <Burger
              hiddenFrom="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpened}
            />
          </Group>
        </Container>
      </header>
      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position="right"
        size="xs"
        title={t('nav.menu')}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': t('notify.close') }}
      >
        <Stack gap="md">
          <Text fw={600}>{name}</Text>
          <Box component="nav" aria-label={t('nav.main')}>
            <NavLink to={home} end className={classes.navLink} onClick={menu.close}>
              {t('nav.home')}
            </NavLink>
          </Box>
          <LogoutButton logout={logout} before={menu.close} />
        </Stack>
      </Drawer>
      <LayoutBody />
    </>
  );
}

export default ParticipantLayout;
