import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { t } from '../lib/i18n';

/** Grey bars in the shape of a table: a header row, then `rows` rows. */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton h={14} w="60%" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={28} />
      ))}
    </Stack>
  );
}

/**
 * Skeleton shapes in place of content that is loading: table rows (lists, tables, details) or a grid
 * of cards (event pickers). Its text is for screen readers only; no live region, so it does not
 * compete with the page's own status messages.
 */
export function SectionLoader({ variant = 'rows', rows = 5 }: { variant?: 'rows' | 'cards'; rows?: number }) {
  return (
    <Stack py="md" aria-busy="true" data-testid="section-skeleton">
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
      {variant === 'cards' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={132} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SkeletonRows rows={rows} />
      )}
    </Stack>
  );
}

type Retryable = { refetch: () => Promise<unknown>; isFetching: boolean };

/** A load that failed: the message and the button that asks again. */
export function LoadFailed({
  message,
  retryLabel,
  query,
}: {
  message: string;
  retryLabel: string;
  query: Retryable;
}) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text c="red.9" fw={500}>
          {message}
        </Text>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
