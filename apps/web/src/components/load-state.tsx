import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../lib/i18n';

/** A spinner in place of content that is loading. */
export function SectionLoader() {
  return (
    <Center py="xl">
      <Loader aria-label={t('app.loading')} />
    </Center>
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
