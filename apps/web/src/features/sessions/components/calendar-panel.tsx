import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useId } from 'react';
import { CopyIcon } from '../../../components/copy-icon';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useDownloadMyCalendar } from '../api/download-calendar';
import { useCalendarSubscription } from '../api/get-calendar-subscription';
import { ts } from '../i18n';

/**
 * The open "Add to calendar" panel (calendar-menu.tsx): the .ics download, and the private
 * webcal:// address a calendar app subscribes to, fetched as the panel opens. A module of its own:
 * its tooltip brings Floating UI, which the sessions page's first drawing does not need.
 */
export function CalendarPanel({ id, hidden }: { id: string; hidden: boolean }) {
  const download = useDownloadMyCalendar();
  const subscription = useCalendarSubscription(!hidden);
  const urlId = useId();
  const url = subscription.data?.url ?? '';

  const save = () =>
    download.mutate(undefined, {
      onSuccess: () => notify(ts('cal.downloaded'), 'success'),
      onError: (err) => notify(serverMessage(err, ts('cal.downloadFailed')), 'error'),
    });

  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notify(ts('cal.copied'), 'success'),
      () => notify(ts('cal.copyFailed'), 'error'),
    );

  return (
    <Paper id={id} withBorder radius="md" p="md" maw={520} w="100%" display={hidden ? 'none' : undefined}>
      <Stack gap="sm">
        <Text size="sm">{ts('cal.downloadHint')}</Text>
        <Button variant="default" onClick={save} loading={download.isPending} w="fit-content">
          {ts('cal.download')}
        </Button>
        <Divider label={ts('cal.subscribe')} labelPosition="left" />
        <Text size="sm">{ts('cal.subscribeHint')}</Text>
        {subscription.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {serverMessage(subscription.error, ts('cal.urlFailed'))}
          </Text>
        ) : (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              id={urlId}
              label={ts('cal.urlLabel')}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1 }}
              data-testid="calendar-url"
              disabled={!url}
            />
            <Tooltip label={ts('cal.copy')} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={ts('cal.copy')}
                onClick={() => void copy()}
                disabled={!url}
              >
                <CopyIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        {url && (
          <Anchor href={url} size="sm" c="blue.9">
            {ts('cal.open')}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {ts('cal.revokeHint')}
        </Text>
      </Stack>
    </Paper>
  );
}

export default CalendarPanel;
