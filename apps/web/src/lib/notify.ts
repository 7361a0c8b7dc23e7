import { notifications } from '@mantine/notifications';
import { t } from './i18n';

export type NotifyType = 'success' | 'error' | 'warning' | 'info';

/** Default time a toast stays up (spec §9: 5000 ms). */
export const NOTIFY_DEFAULT_MS = 5000;

const colorOf: Record<NotifyType, string> = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

/**
 * Shows a toast at the top right. One at a time: a new toast replaces the one on screen. A duration
 * of 0 or less keeps it until the user closes it. Line breaks in the message are kept.
 */
export function notify(
  message: string,
  type: NotifyType = 'info',
  duration: number = NOTIFY_DEFAULT_MS,
): void {
  notifications.clean();
  notifications.show({
    message,
    color: colorOf[type],
    autoClose: duration > 0 ? duration : false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': t('notify.close') },
    withBorder: true,
    className: `attend-toast attend-toast-${type}`,
    styles: { description: { whiteSpace: 'pre-line' } },
    'data-type': type,
  });
}
