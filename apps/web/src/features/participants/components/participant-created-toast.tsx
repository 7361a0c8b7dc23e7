import { useState } from 'react';
import { ActionIcon, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CopyIcon } from '../../../components/copy-icon';
import { t } from '../../../lib/i18n';
import { tp } from '../i18n';

/** The spec's sentence with the code set apart, and a copy button that reports in place. */
function CreatedMessage({ code }: { code: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // The template (no vars) still holds '{code}': split there so the code can stand out.
  const [before = '', after = ''] = tp('add.success').split('{code}');
  const copy = () => {
    // Another toast would replace this one (one at a time), so the outcome is shown here instead.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(code))
      .then(
        () => setCopied('yes'),
        () => setCopied('failed'),
      );
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="center" justify="space-between">
        <Text size="sm" c="dark.9" data-testid="participant-created-message">
          {before}
          <Code fz="md" fw={700} data-testid="participant-created-code">
            {code}
          </Code>
          {after}
        </Text>
        <Tooltip label={tp('add.copyCode')} withArrow>
          <ActionIcon variant="default" aria-label={tp('add.copyCode')} onClick={copy}>
            <CopyIcon done={copied === 'yes'} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {copied && (
        <Text size="xs" c={copied === 'yes' ? 'teal.9' : 'red.9'} role="status">
          {copied === 'yes' ? tp('add.codeCopied') : tp('add.copyFailed')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'Participant created successfully. Their unique code is: {code}' as a toast that stays until it is
 * closed: staff often read the code out or copy it somewhere before moving on.
 */
export function showParticipantCreated(code: string): void {
  notifications.clean();
  notifications.show({
    message: <CreatedMessage code={code} />,
    color: 'teal',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': t('notify.close') },
    withBorder: true,
    className: 'attend-toast attend-toast-success',
    'data-type': 'success',
  });
}
