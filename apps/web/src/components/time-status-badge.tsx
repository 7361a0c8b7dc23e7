import { Badge } from '@mantine/core';
import { displayStatus, type DisplayStatus } from '@attend/shared';

const colorOf: Record<DisplayStatus, string> = {
  Completed: 'gray.7',
  Active: 'teal.9',
  Upcoming: 'blue.9',
};

type Props = { start: string; end: string; label: (status: DisplayStatus) => string };

/** Completed / Active / Upcoming computed from the start and end now (document 2 §4). */
export function TimeStatusBadge({ start, end, label }: Props) {
  const status = displayStatus({ start, end });
  return (
    <Badge color={colorOf[status]} variant="filled" miw="max-content">
      {label(status)}
    </Badge>
  );
}
