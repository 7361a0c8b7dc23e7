import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import type { TStaffAccount, TStaffCredentials } from '@attend/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import {
  useRemoveStaffAccount,
  useResetStaffCredentials,
  useSetStaffActive,
} from '../api/manage-staff-account';
import { tsa } from '../i18n';

type Asked = 'invite' | 'password' | 'disable' | 'remove';

type Props = {
  account: TStaffAccount;
  /** A new invitation link or password was made: shown once by the page. */
  onIssued: (issued: TStaffCredentials) => void;
};

/**
 * The account's other actions: a new invitation link or password, disable or enable, remove. Each
 * but Enable asks first, saying what ends.
 */
export function AccountActions({ account, onIssued }: Props) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const reset = useResetStaffCredentials();
  const active = useSetStaffActive();
  const remove = useRemoveStaffAccount();
  const name = account.full_name || account.username;
  const failed = (err: unknown) => notify(serverMessage(err, tsa('action.failed')), 'error');
  const close = () => setAsked(null);

  const confirm = () => {
    if (asked === 'invite' || asked === 'password') {
      reset.mutate(
        { id: account.id, delivery: asked },
        {
          onSuccess: (issued) => {
            close();
            onIssued(issued);
          },
          onError: failed,
        },
      );
    } else if (asked === 'disable') {
      active.mutate(
        { id: account.id, active: false },
        {
          onSuccess: () => {
            close();
            notify(tsa('action.disabled', { name }), 'success');
          },
          onError: failed,
        },
      );
    } else if (asked === 'remove') {
      remove.mutate(account.id, {
        onSuccess: () => {
          close();
          notify(tsa('action.removed', { name }), 'success');
        },
        onError: failed,
      });
    }
  };

  const enable = () =>
    active.mutate(
      { id: account.id, active: true },
      { onSuccess: () => notify(tsa('action.enabled', { name }), 'success'), onError: failed },
    );

  const dialog: Record<Asked, { title: string; message: string; label: string; color?: string }> = {
    invite: {
      title: tsa('action.newInviteTitle', { name }),
      message: tsa('action.newInviteText', { name }),
      label: tsa('action.create'),
      color: 'blue.9',
    },
    password: {
      title: tsa('action.newPasswordTitle', { name }),
      message: tsa('action.newPasswordText'),
      label: tsa('action.create'),
      color: 'blue.9',
    },
    disable: {
      title: tsa('action.disableTitle', { name }),
      message: tsa('action.disableText', { name }),
      label: tsa('action.disable'),
    },
    remove: {
      title: tsa('action.removeTitle', { name }),
      message: tsa('action.removeText'),
      label: tsa('action.remove'),
    },
  };
  const shown = asked ? dialog[asked] : null;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            aria-label={tsa('table.more', { name })}
            loading={active.isPending && !asked}
          >
            …
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsked('invite')}>{tsa('action.newInvite')}</Menu.Item>
          <Menu.Item onClick={() => setAsked('password')}>{tsa('action.newPassword')}</Menu.Item>
          {account.is_active ? (
            <Menu.Item onClick={() => setAsked('disable')}>{tsa('action.disable')}</Menu.Item>
          ) : (
            <Menu.Item onClick={enable}>{tsa('action.enable')}</Menu.Item>
          )}
          <Menu.Item color="red.9" onClick={() => setAsked('remove')}>
            {tsa('action.remove')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={shown !== null}
        title={shown?.title ?? ''}
        message={shown?.message ?? ''}
        confirmLabel={shown?.label ?? ''}
        cancelLabel={tsa('action.cancel')}
        confirmColor={shown?.color}
        loading={reset.isPending || active.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
