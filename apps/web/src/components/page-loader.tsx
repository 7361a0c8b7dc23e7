import { Box, Center, Container, Group, Loader, Paper, Skeleton, Stack } from '@mantine/core';
import { t } from '../lib/i18n';
import { BrandMark } from './brand';
import { SkeletonRows } from './load-state';

/**
 * Shown while a lazy page downloads or a page's first data loads: the shape of a page (title,
 * subtitle, a card of rows) in grey, so the layout does not jump when the content arrives.
 * `spinner` is for a screen that already says what it waits for (signing in by link).
 */
export function PageLoader({ variant = 'page' }: { variant?: 'page' | 'spinner' }) {
  if (variant === 'spinner') {
    return (
      <Center role="status" aria-label={t('app.loading')} py="md">
        <Loader aria-hidden />
      </Center>
    );
  }
  return (
    <Container
      size="xl"
      py="xl"
      w="100%"
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      data-testid="page-skeleton"
    >
      <Stack gap="lg" aria-hidden>
        <Stack gap="xs">
          <Skeleton h={34} w="50%" maw={360} />
          <Skeleton h={16} w="80%" maw={560} />
        </Stack>
        <Paper withBorder radius="md" p="lg">
          <SkeletonRows rows={5} />
        </Paper>
      </Stack>
    </Container>
  );
}

/**
 * The app's frame while the session is restored, before a layout exists: the header bar with the
 * product mark (as index.html draws it before any script runs), then the page skeleton. Keeps the
 * first screen from flashing blank between the static frame and the page.
 */
export function AppFrameLoader() {
  return (
    <>
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="frame-header"
      >
        <Container size="xl" py="sm">
          <Group gap={8} h={36} wrap="nowrap" aria-hidden>
            <BrandMark />
            <Box component="span" fw={800} fz="xl" c="dark.8">
              {t('app.name')}
            </Box>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <PageLoader />
      </Box>
    </>
  );
}
