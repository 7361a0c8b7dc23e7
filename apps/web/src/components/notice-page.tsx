import type { ReactNode } from 'react';
import { Container, Stack, Title } from '@mantine/core';

/** A page that says one thing: its title, then the way on (not found, no event). */
export function NoticePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py={64} data-notice>
      <Stack align="center" ta="center">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
