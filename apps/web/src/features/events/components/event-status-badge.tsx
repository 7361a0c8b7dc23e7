import { Badge } from '@mantine/core';
import { displayStatus, type DisplayStatus } from '@attend/shared';
import { te } from '../i18n';

const colorOf: Record<DisplayStatus, string> = {
  Completed: 'gray.7',
  Active: 'teal.9',
  Upcoming: 'blue.9',
};

/** Completed / Active / Upcoming computed from the dates now (document 2 §4). */
export function EventStatusBadge({ start, end }: { start: string; end: string }) {
  const status = displayStatus({ start, end });
  return (
    <Badge color={colorOf[status]} variant="filled" miw="max-content">
      {te(`status.${status}`)}
    </Badge>
  );
}
