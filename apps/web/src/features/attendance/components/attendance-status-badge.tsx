import { Badge } from '@mantine/core';
import { PENDING_BADGE } from '../lib/colors';
import { ta } from '../i18n';

/** The indicator Attendance Confirmed / Attendance Pending (document 1 §2). */
export function AttendanceStatusBadge({ confirmed }: { confirmed: boolean }) {
  return (
    <Badge
      color={confirmed ? 'teal.9' : PENDING_BADGE}
      variant="filled"
      size="lg"
      data-testid="attendance-status"
      role="status"
    >
      {confirmed ? ta('status.confirmed') : ta('status.pending')}
    </Badge>
  );
}
