import { Badge } from '@mantine/core';
import type { TOutgoingMessage } from '@attend/shared';
import { messageStatusLabel } from '../lib/message-status';

type Status = TOutgoingMessage['status'];

/** Colours that keep white badge text at AA contrast. */
const colour: Record<Status, string> = {
  pending: 'gray.7',
  sending: 'blue.9',
  sent: 'teal.9',
  retry_scheduled: '#a64200',
  failed_permanently: 'red.9',
  cancelled: 'dark.6',
};

export function MessageStatusBadge({ status }: { status: Status }) {
  return (
    <Badge component="span" color={colour[status]} variant="filled" data-status={status}>
      {messageStatusLabel(status)}
    </Badge>
  );
}
