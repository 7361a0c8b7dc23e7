import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { t } from '../../lib/i18n';
import { usePageTitle } from '../../lib/use-page-title';

/** 'Page Not Found' body, also used inside the layouts for pages that do not exist yet. */
export function NotFoundContent() {
  usePageTitle(`${t('notFound.title')} | ${t('app.name')}`);
  const navigate = useNavigate();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="blue.8" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button onClick={() => void navigate(paths.home())} mt="md">
          {t('notFound.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The catch-all route: a page of its own with a main landmark. */
export function NotFoundPage() {
  return (
    <main style={{ flex: 1 }}>
      <NotFoundContent />
    </main>
  );
}

export default NotFoundPage;
