import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { TStaffCredentials } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { CopyIcon } from '../../../components/copy-icon';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { tsa } from '../i18n';

type Props = {
  /** What the server answered, once: the invitation link or the generated password. */
  issued: TStaffCredentials;
  /** A new account (its title says so) or new credentials for an existing one. */
  kind: 'created' | 'reset';
  onClose: () => void;
};

/** The value with a copy button that reports in place (the clipboard is missing on plain HTTP). */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(
        () => setCopied('yes'),
        () => setCopied('failed'),
      );
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label={label}
          value={value}
          readOnly
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'monospace' } }}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        <Tooltip label={tsa('shown.copy')} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`${tsa('shown.copy')}: ${label}`}
            onClick={copy}
          >
            <CopyIcon done={copied === 'yes'} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {copied && (
        <Text size="xs" c={copied === 'yes' ? 'teal.9' : 'red.9'} role="status">
          {copied === 'yes' ? tsa('shown.copied') : tsa('shown.copyFailed')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Shows an account's invitation link or generated password the one time the server answers it,
 * with a copy button. Closing it loses it: the list never shows either again.
 */
export function CredentialsDialog({ issued, kind, onClose }: Props) {
  const { account } = issued;
  const name = account.full_name || account.username;
  const isInvite = issued.invite_url !== null;
  const title =
    kind === 'created'
      ? tsa('shown.createdTitle', { username: account.username })
      : tsa(isInvite ? 'shown.inviteTitle' : 'shown.passwordTitle', { name });
  return (
    <AppModal opened onClose={onClose} title={title} centered size="lg" closeOnClickOutside={false}>
      <Stack gap="md" data-testid="staff-credentials">
        {isInvite ? (
          <>
            <Text>
              {tsa('shown.inviteText', {
                name,
                date: formatDisplayDateTime(issued.invite_expires_at ?? new Date()),
              })}
            </Text>
            {issued.invite_emailed && <Text size="sm">{tsa('shown.emailed', { email: account.email })}</Text>}
            <CopyField label={tsa('shown.link')} value={issued.invite_url ?? ''} testId="invite-url" />
          </>
        ) : (
          <>
            <Text>{tsa('shown.passwordText', { name, username: account.username })}</Text>
            <CopyField
              label={tsa('shown.password')}
              value={issued.password ?? ''}
              testId="generated-password"
            />
          </>
        )}
        <Text size="sm" fw={600} c="orange.9">
          {tsa('shown.once')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{tsa('shown.done')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
