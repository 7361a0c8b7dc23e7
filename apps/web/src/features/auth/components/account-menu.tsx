import { useState } from 'react';
import { Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** The signed-in staff member's name, opening a menu with Sign out everywhere (asked first). */
export function AccountMenu({ name, className }: { name: string; className?: string }) {
  const [asking, setAsking] = useState(false);
  const everywhere = useSignOutEverywhere();
  const confirm = () =>
    everywhere.mutate(undefined, {
      onError: () => notify(t('nav.signOutEverywhereFailed'), 'error'),
    });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton fw={600} className={className} data-testid="current-user">
            {name}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsking(true)}>{t('nav.signOutEverywhere')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AppModal opened={asking} onClose={() => setAsking(false)} title={t('nav.signOutEverywhere')} centered>
        <Stack gap="md">
          <Text>{t('nav.signOutEverywhereText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={everywhere.isPending}>
              {t('nav.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={everywhere.isPending}>
              {t('nav.signOutEverywhere')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
