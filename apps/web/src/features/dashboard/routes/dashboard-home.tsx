import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';

/** /dashboard: the staff home (stat cards and quick actions arrive with their features). */
export function DashboardHomePage() {
  useDocumentTitle(`${t('staffHome.title')} | ${t('app.name')}`);
  const { user } = useSession();
  const name = isStaff(user) ? user.full_name || user.username : '';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('staffHome.title')}</Title>
          <Text size="lg">{t('staffHome.welcome', { name })}</Text>
          <Text c="dimmed">{t('staffHome.text')}</Text>
        </Stack>
        <Paper withBorder p="lg" radius="lg">
          <Text c="dimmed">{t('staffHome.recent')}</Text>
        </Paper>
      </Stack>
    </Container>
  );
}

export default DashboardHomePage;
