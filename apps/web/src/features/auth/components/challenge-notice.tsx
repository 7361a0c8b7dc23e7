import { Text } from '@mantine/core';
import { t } from '../../../lib/i18n';

/**
 * 'Checking your browser…' while a sign-in solves the server's proof of work. The live region is
 * always in the page, empty when idle, so screen readers announce the text when it appears.
 */
export function ChallengeNotice({ solving }: { solving: boolean }) {
  return (
    <Text role="status" aria-live="polite" size="sm" c="dimmed" ta="center">
      {solving ? t('login.checkingBrowser') : null}
    </Text>
  );
}
