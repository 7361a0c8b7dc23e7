import { Badge } from '@mantine/core';
import type { NotificationStatus } from '@attend/shared';
import { tp } from '../i18n';
import { notificationBadge } from '../lib/notification-status';

/** Sent / Not Sent / Queued / Failed: where a participant's login details stand. */
export function NotificationBadge({ status }: { status: NotificationStatus }) {
  const { label, color } = notificationBadge[status];
  return (
    <Badge
      component="span"
      color={color}
      variant="filled"
      data-testid="notification-status"
      data-status={status}
    >
      {tp(label)}
    </Badge>
  );
}
