import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../lib/date-time';
import type { NameMatch, NameMatches as Found } from '../hooks/use-offline-station';
import { tc } from '../i18n';

type Props = {
  /** What was typed. */
  query: string;
  /** The search's answer; null while the station has no participant list yet. */
  found: Found | null;
  onCheckIn: (match: NameMatch) => void;
  /** Enter was pressed on a name: say that it checks nobody in. */
  nudge: boolean;
  timeZone?: string;
};

function checkedInText(match: NameMatch, timeZone: string | undefined): string {
  const first = match.checkedIn;
  if (!first) return tc('search.notCheckedIn');
  const when = formatDisplayDateTime(first.when, timeZone);
  return first.by === null
    ? tc('search.checkedInHere', { when })
    : tc('search.checkedIn', { when, by: first.by || tc('offline.unknownStaff') });
}

/**
 * The people whose name matches what was typed in the code field, each with what the door needs
 * (organisation, confirmed or registered, already checked in) and a Check in button: the way in for
 * someone who forgot their code. Nobody is checked in by name without that button.
 */
export function NameMatches({ query, found, onCheckIn, nudge, timeZone }: Props) {
  const total = found?.total ?? 0;
  const shown = found?.matches.length ?? 0;
  const summary =
    found === null
      ? tc('search.noPack')
      : total === 0
        ? tc('search.none', { query: query.trim() })
        : total > shown
          ? tc('search.countMore', { shown, n: total })
          : tc('search.count', { n: total });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="name-matches">
      <section aria-label={tc('search.label')}>
        <Stack gap="xs">
          <Text size="sm" fw={600} role="status" aria-live="polite">
            {summary}
          </Text>
          {nudge && shown > 0 && (
            <Text size="sm" c="orange.9" fw={600} data-testid="name-matches-nudge">
              {tc('search.enterHint')}
            </Text>
          )}
          {found?.matches.map((match) => (
            <Group
              key={match.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="name-match"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 6 }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} size="md" lh={1.25}>
                  {match.full_name}
                </Text>
                {match.organization && (
                  <Text size="sm" c="dimmed" lh={1.25}>
                    {match.organization}
                  </Text>
                )}
                <Group gap={6}>
                  {match.registered === null ? (
                    <Badge size="sm" variant="light" color={match.confirmed ? 'teal.9' : 'orange.9'}>
                      {match.confirmed ? tc('search.confirmed') : tc('search.notConfirmed')}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="light" color={match.registered ? 'teal.9' : 'orange.9'}>
                      {match.registered ? tc('search.registered') : tc('search.notRegistered')}
                    </Badge>
                  )}
                  <Text size="xs" fw={match.checkedIn ? 600 : 400} c={match.checkedIn ? 'teal.9' : 'dimmed'}>
                    {checkedInText(match, timeZone)}
                  </Text>
                </Group>
              </Stack>
              <Button
                size="sm"
                variant={match.checkedIn ? 'default' : 'filled'}
                onClick={() => onCheckIn(match)}
                aria-label={tc('search.checkInName', { name: match.full_name })}
              >
                {tc('search.checkIn')}
              </Button>
            </Group>
          ))}
        </Stack>
      </section>
    </Paper>
  );
}
