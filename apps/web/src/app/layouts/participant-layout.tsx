import { Badge, Box, Burger, Container, Group, Text, useMantineTheme, type MantineSize } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { NavLink } from 'react-router';
import type { TMe } from '@attend/shared';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { isParticipant, useSession } from '../../lib/auth-session';
import { t } from '../../lib/i18n';
import { useOffline } from '../../lib/offline-copy';
import { HeaderUser, LayoutBody, PhoneMenu, useToastsBelowHeader } from './layout-parts';
import classes from './layouts.module.css';

/** The participant pages' width: reading width, phone first. */
const PAGE_WIDTH: MantineSize = 'md';

/**
 * Everything of the signed-in person's own: their event (the spec's Home link), its sessions, their
 * QR code and their tag. Someone signed in without an event of their own only has Home.
 */
function ParticipantNavLinks({
  user,
  className,
  onNavigate,
}: {
  user: TMe | null;
  className: string | undefined;
  onNavigate?: () => void;
}) {
  if (!isParticipant(user)) {
    return (
      <NavLink to={paths.participant.dashboard()} end className={className} onClick={onNavigate}>
        {t('nav.home')}
      </NavLink>
    );
  }
  return (
    <>
      <NavLink to={paths.participant.event(user.event.id)} end className={className} onClick={onNavigate}>
        {t('nav.home')}
      </NavLink>
      <NavLink to={paths.participant.sessions()} className={className} onClick={onNavigate}>
        {t('nav.sessions')}
      </NavLink>
      <NavLink to={paths.participant.qrCode()} className={className} onClick={onNavigate}>
        {t('nav.myQrCode')}
      </NavLink>
      <NavLink to={paths.participant.eventTag(user.event.id)} className={className} onClick={onNavigate}>
        {t('nav.myTag')}
      </NavLink>
    </>
  );
}

export function ParticipantLayout() {
  const { user } = useSession();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const home = isParticipant(user) ? paths.participant.event(user.event.id) : paths.participant.dashboard();
  const name = user ? user.full_name || ('username' in user ? user.username : '') : '';
  const offline = useOffline();
  const headerRef = useToastsBelowHeader<HTMLElement>();
  // Only what the screen's width shows is drawn: a phone's header has the menu button, not the links,
  // language and Logout of a wide screen (on a slow phone, drawing them hidden cost a tenth of the
  // page's first drawing). Known before the first drawing, and followed as the width changes.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });

  return (
    <>
      <header ref={headerRef} className={classes.header}>
        <Container size={PAGE_WIDTH} py="sm">
          {/* One row at every width: below md the links move into the menu instead of wrapping. */}
          <Group justify="space-between" wrap="nowrap" className={classes.headerRow}>
            <Group gap="sm" wrap="nowrap">
              <Brand to={home} />
              {offline && (
                <Badge color="orange.9" role="status" data-testid="offline-badge">
                  {t('nav.offline')}
                </Badge>
              )}
            </Group>
            {wide ? (
              <Group gap="md" wrap="nowrap" className={classes.headerEnd}>
                <Box component="nav" aria-label={t('nav.main')}>
                  <Group gap={4} wrap="nowrap">
                    <ParticipantNavLinks user={user} className={classes.navLink} />
                  </Group>
                </Box>
                <LanguageSwitcher />
                <HeaderUser name={name} logout={logout} />
              </Group>
            ) : (
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                aria-label={t('nav.openMenu')}
                aria-expanded={menuOpened}
              />
            )}
          </Group>
        </Container>
      </header>
      {!wide && (
        <PhoneMenu
          opened={menuOpened}
          onClose={menu.close}
          top={<Text fw={600}>{name}</Text>}
          links={<ParticipantNavLinks user={user} className={classes.menuLink} onNavigate={menu.close} />}
          logout={logout}
        />
      )}
      <LayoutBody width={PAGE_WIDTH} />
    </>
  );
}

export default ParticipantLayout;
