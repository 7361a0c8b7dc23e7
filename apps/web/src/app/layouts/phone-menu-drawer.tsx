import { useEffect, useState, type ReactNode } from 'react';
import { Box, Drawer, Stack, type MantineBreakpoint } from '@mantine/core';
import { LanguageSwitcher } from '../../components/language-switcher';
import { t } from '../../lib/i18n';
import { LogoutButton, type Logout } from './logout-button';

export type PhoneMenuDrawerProps = {
  opened: boolean;
  onClose: () => void;
  top: ReactNode;
  links: ReactNode;
  logout: Logout;
  hiddenFrom?: MantineBreakpoint;
};

/**
 * The phone's menu itself (layout-parts.tsx, PhoneMenu): a module of its own, so that the drawer's
 * code (the modal base, its focus trap, overlay and scroll area) is not part of every page's first
 * download. It is first drawn closed, so that it slides in as it opens.
 */
export default function PhoneMenuDrawer({
  opened,
  onClose,
  top,
  links,
  logout,
  hiddenFrom,
}: PhoneMenuDrawerProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Opened in the next frame: the drawer's first frame is a closed one to slide from.
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer
      opened={opened && ready}
      onClose={onClose}
      position="right"
      size="xs"
      title={t('nav.menu')}
      hiddenFrom={hiddenFrom}
      closeButtonProps={{ 'aria-label': t('notify.close') }}
    >
      <Stack gap="md">
        {top}
        <Box component="nav" aria-label={t('nav.main')}>
          <Stack gap={2}>{links}</Stack>
        </Box>
        <LanguageSwitcher />
        <LogoutButton logout={logout} before={onClose} />
      </Stack>
    </Drawer>
  );
}
