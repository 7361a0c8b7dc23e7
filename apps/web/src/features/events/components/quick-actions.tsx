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

/** WCAG relative luminance of a #rrggbb colour (0 black … 1 white); null when not one. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c ?? '0', 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * The card's border: the event's colour, unless it would vanish against the white page (the default
 * secondary colour is white), then a grey that shows (a contrast of at least 1.5:1 with white).
 */
export function visibleBorderColour(colour: string): string {
  const l = luminance(colour);
  return l === null || 1.05 / (l + 0.05) < 1.5 ? 'var(--mantine-color-gray-5)' : colour;
}

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
              style={{ border: `2px solid ${visibleBorderColour(action.colour(event))}` }}
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
