import type { NotificationStatus, TParticipant } from '@attend/shared';
import type { ParticipantsKey } from '../i18n';

/**
 * The Notification column (document 2 §2: Sent or Not Sent), plus the two states the outbox adds:
 * queued (sending in the background) and failed (every attempt failed). Colours keep white badge
 * text at AA contrast.
 */
export const notificationBadge: Record<NotificationStatus, { label: ParticipantsKey; color: string }> = {
  sent: { label: 'notification.sent', color: 'blue.9' },
  not_sent: { label: 'notification.notSent', color: 'gray.7' },
  queued: { label: 'notification.queued', color: 'violet.9' },
  failed: { label: 'notification.failed', color: 'red.9' },
};

/** While login details are queued the screen asks again this often, until they are sent or fail. */
export const QUEUED_REFRESH_MS = 5000;

export function anyQueued(rows: readonly Pick<TParticipant, 'notification_status'>[] | undefined): boolean {
  return rows?.some((p) => p.notification_status === 'queued') ?? false;
}
