import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TEvent } from '@attend/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { te, type EventsKey } from '../i18n';

type Action = {
  title: EventsKey;
  text: EventsKey;
  to: (id: number) => string;
  colour: (e: TEvent) => string;
};

const actions: Action[] = [
  {
    title: 'detail.qa.participants',
    text: 'detail.qa.participantsText',
    to: paths.staff.participants,
    colour: (e) => e.primary_color,
  },
  {
    title: 'detail.qa.sessions',
    text: 'detail.qa.sessionsText',
    to: paths.staff.sessions,
    colour: (e) => e.secondary_color,
  },
  {
    title: 'detail.qa.checkIn',
    text: 'detail.qa.checkInText',
    to: paths.staff.checkIn,
    colour: (e) => e.accent_color,
  },
  {
    title: 'detail.qa.tags',
    text: 'detail.qa.tagsText',
    to: paths.staff.tagDesign,
    colour: (e) => e.primary_color,
  },
];

/** Links to the event's areas, bordered in the event's primary, secondary and accent colours. */
export function QuickActions({ event }: { event: TEvent }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {te('detail.quickActions')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {actions.map((action) => (
          <UnstyledButton key={action.title} component={Link} to={action.to(event.id)}>
            <Paper
              p="md"
              radius="md"
              h="100%"
              shadow="xs"
              data-testid={`quick-action-${action.title.slice('detail.qa.'.length)}`}
              style={{
                border: `2px solid ${action.colour(event)}`,
                // A white secondary colour still needs an outline against the white page.
                outline: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Text fw={700}>{te(action.title)}</Text>
              <Text size="sm" c="dimmed">
                {te(action.text)}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
