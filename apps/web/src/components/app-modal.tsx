import { Modal, type ModalProps } from '@mantine/core';
import { t } from '../lib/i18n';

/** Mantine's Modal with its close button named 'Close'. */
export function AppModal(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': t('notify.close') }} {...props} />;
}
