import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A missing event or participant: the message and a way back. */
export function NotFoundNotice({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Title order={1}>{title}</Title>
        <Text>
          <Anchor component={Link} to={backTo} c="blue.9">
            {backLabel}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
