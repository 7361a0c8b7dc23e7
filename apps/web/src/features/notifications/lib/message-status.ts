import type { TOutgoingMessage } from '@attend/shared';
import { tn } from '../i18n';

/** Pending, Sending, Sent, Retry Scheduled, Failed Permanently or Cancelled. */
export function messageStatusLabel(status: TOutgoingMessage['status']): string {
  return tn(`status.${status}`);
}
