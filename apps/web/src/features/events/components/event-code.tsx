import { ActionIcon, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { te } from '../i18n';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify(te('detail.copied'), 'success');
  } catch {
    notify(te('detail.copyFailed'), 'error');
  }
}

/** The event code with a copy button and the note on how participants log in. */
export function EventCode({ code }: { code: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" fw={500}>
        {te('detail.eventCode')}
      </Text>
      <Group gap="xs">
        <Code fz="lg" fw={700} data-testid="event-code">
          {code}
        </Code>
        <Tooltip label={te('detail.copy')}>
          <ActionIcon variant="light" aria-label={te('detail.copy')} onClick={() => void copy(code)}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
                d="M9 9h10v12H9zM5 15H4V3h11v1"
              />
            </svg>
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="sm" c="dimmed">
        {te('detail.codeNote')}
      </Text>
    </Stack>
  );
}
