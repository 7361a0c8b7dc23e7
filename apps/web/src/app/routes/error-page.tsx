import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../config/paths';
import { t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';

/** 'Something Went Wrong': the /error route, the router's error element and the last-resort boundary. */
export function ErrorPage() {
  usePageTitle(`${t('error.title')} | ${t('app.name')}`);
  return (
    <Container component="main" size="sm" py={80} w="100%" style={{ flex: 1 }}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="red.8" aria-hidden>
          !
        </Text>
        <Title order={1}>{t('error.title')}</Title>
        <Text c="dimmed">{t('error.text')}</Text>
        {/* 'Go to Home' reloads the app: after an error its state is not to be trusted. */}
        <Group justify="center" mt="md">
          <Button onClick={() => window.location.reload()}>{t('error.refresh')}</Button>
          <Button variant="default" onClick={() => window.location.assign(paths.home())}>
            {t('error.goHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export default ErrorPage;
