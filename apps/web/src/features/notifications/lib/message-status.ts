import type { TOutgoingMessage } from '@attend/shared';
import { tn } from '../i18n';

/** Pending, Sending, Sent, Retry Scheduled or Failed Permanently. */
export function messageStatusLabel(status: TOutgoingMessage['status']): string {
  return tn(`status.${status}`);
}
