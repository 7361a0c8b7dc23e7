import { Container, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { td, type DashboardKey } from '../i18n';

const quickActions: { title: DashboardKey; text: DashboardKey; to: string; testId: string }[] = [
  {
    title: 'qa.events',
    text: 'qa.eventsText',
    to: paths.staff.events(),
    testId: 'events',
  },
  {
    title: 'qa.checkIn',
    text: 'qa.checkInText',
    to: paths.staff.checkInHome(),
    testId: 'checkIn',
  },
  {
    title: 'qa.staff',
    text: 'qa.staffText',
    to: paths.staff.staffAccess(),
    testId: 'staff',
  },
];

/** /dashboard: the staff home (stat cards arrive with their features). */
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
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {td('quickActions')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {quickActions.map((action) => (
              <UnstyledButton
                key={action.testId}
                component={Link}
                to={action.to}
                data-testid={`dashboard-action-${action.testId}`}
              >
                <Paper withBorder p="md" radius="md" h="100%" shadow="xs">
                  <Text fw={700}>{td(action.title)}</Text>
                  <Text size="sm" c="dimmed">
                    {td(action.text)}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
        <Paper withBorder p="lg" radius="lg">
          <Text c="dimmed">{t('staffHome.recent')}</Text>
        </Paper>
      </Stack>
    </Container>
  );
}

export default DashboardHomePage;
