import { Center, Loader } from '@mantine/core';
import { t } from '../lib/i18n';

/** Shown while the session is restored or a lazy page loads. */
export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite" aria-label={t('app.loading')} style={{ flex: 1 }}>
      <Loader aria-hidden />
    </Center>
  );
}
