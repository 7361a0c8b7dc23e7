import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question in a modal (deleting an event or a session). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <AppModal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="lg">
        <Text>{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            {props.cancelLabel}
          </Button>
          <Button color="red.8" onClick={props.onConfirm} loading={props.loading}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
