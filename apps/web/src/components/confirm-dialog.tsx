import { Button, Group, Stack, Text } from '@mantine/core';
import { notify } from '../lib/notify';
import { AppModal } from './app-modal';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  /** The confirm button's colour: red for deleting (the default), another for other acts. */
  confirmColor?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question in a modal. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <AppModal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="lg">
        <Text>{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            {props.cancelLabel}
          </Button>
          <Button color={props.confirmColor ?? 'red.8'} onClick={props.onConfirm} loading={props.loading}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

type DeleteText = 'title' | 'confirm' | 'yes' | 'cancel' | 'success' | 'failed';

type Remover = {
  mutate: (id: number, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  isPending: boolean;
};

/** Asks before deleting `target`: Yes deletes it, says so and closes; a failure is notified. */
export function ConfirmDelete({
  target,
  remove,
  text,
  onClose,
}: {
  target: { id: number } | null;
  remove: Remover;
  /** The feature's 'delete.*' strings. */
  text: (key: DeleteText) => string;
  onClose: () => void;
}) {
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        notify(text('success'), 'success');
        onClose();
      },
      onError: () => notify(text('failed'), 'error'),
    });
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title={text('title')}
      message={text('confirm')}
      confirmLabel={text('yes')}
      cancelLabel={text('cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
