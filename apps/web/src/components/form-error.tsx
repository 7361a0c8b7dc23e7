import { Alert, Text } from '@mantine/core';

/** An inline error under a form; announced to screen readers when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" p="sm" data-testid="form-error">
      <Text size="sm" c="red.9" fw={500} style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
    </Alert>
  );
}
