import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { NOTIFICATION_TYPES, type NotificationType, type TSendNotificationsResult } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useSendNotifications } from '../api/send-notifications';
import { useSmsPreview } from '../api/get-sms-preview';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { tp, type ParticipantsKey } from '../i18n';
import { formatNumber } from '../../../lib/locale';

type Props = {
  eventId: number;
  /** The participants to notify; null while the modal is closed. */
  participantIds: readonly number[] | null;
  /** Names of the participants on screen, for the error lines (others are named by id). */
  nameOf: (id: number) => string | undefined;
  onClose: () => void;
  /** Called once the request is answered (queued), with the outcome. */
  onSent?: (result: TSendNotificationsResult) => void;
};

const typeLabel: Record<NotificationType, ParticipantsKey> = {
  both: 'send.both',
  email: 'send.email',
  sms: 'send.sms',
};

const typeWhat: Record<NotificationType, ParticipantsKey> = {
  both: 'send.what.both',
  email: 'send.what.email',
  sms: 'send.what.sms',
};

function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The toast of document 2 §8: 'Notifications sent. Success: x, Errors: y'. */
export function notificationsSentMessage(
  result: Pick<TSendNotificationsResult, 'success_count' | 'error_count'>,
) {
  return tp('send.done', { success: result.success_count, errors: result.error_count });
}

/**
 * Send Notifications (document 2 §2): the selected count, the type (both by default, e-mail only or
 * SMS only), what will be sent, Send; then the outcome with one line per participant not sent to.
 */
export function SendNotificationsModal({ eventId, participantIds, nameOf, onClose, onSent }: Props) {
  const [type, setType] = useState<NotificationType>('both');
  const [result, setResult] = useState<TSendNotificationsResult | null>(null);
  const send = useSendNotifications(eventId);
  const opened = participantIds !== null;
  // What the SMS costs, per language: asked for once the dialog is open.
  const preview = useSmsPreview(eventId, opened);
  const count = participantIds?.length ?? 0;

  const close = () => {
    if (send.isPending) return;
    setType('both');
    setResult(null);
    send.reset();
    onClose();
  };

  const submit = () => {
    if (!participantIds || participantIds.length === 0) {
      notify(tp('send.none'), 'warning');
      return;
    }
    send.mutate(
      { participantIds: [...participantIds], type },
      {
        onSuccess: (outcome) => {
          setResult(outcome);
          notify(notificationsSentMessage(outcome), outcome.error_count > 0 ? 'warning' : 'success');
          onSent?.(outcome);
        },
        onError: (err) => notify(serverMessage(err, tp('send.failed')), 'error'),
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={close} title={tp('send.title')} size="lg">
      {result ? (
        <Stack gap="md" data-testid="send-notifications-result">
          <Alert color={result.error_count > 0 ? 'orange' : 'teal'} variant="light" role="status">
            <Text fw={600}>{notificationsSentMessage(result)}</Text>
            <Text size="sm">{tp('send.background')}</Text>
          </Alert>
          <Stack gap={2} data-testid="send-notifications-channels">
            {(['email', 'sms'] as const)
              .filter((c) => result[c].queued + result[c].errors > 0)
              .map((c) => (
                <Text size="sm" key={c}>
                  {tp(c === 'email' ? 'send.emailOutcome' : 'send.smsOutcome', {
                    queued: formatNumber(result[c].queued),
                    errors: formatNumber(result[c].errors),
                  })}
                </Text>
              ))}
            {result.email.errors + result.sms.errors > 0 && (
              <Text size="sm" c="dimmed">
                {tp('send.failedShown')}
              </Text>
            )}
          </Stack>
          {result.errors.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {tp('send.errorsTitle')}
              </Text>
              <ScrollArea.Autosize mah={220}>
                <List size="sm" spacing={2} data-testid="send-notifications-errors">
                  {result.errors.map((e) => (
                    <List.Item key={e.participant_id}>
                      {tp('send.errorLine', {
                        name:
                          nameOf(e.participant_id) ?? tp('send.unknownParticipant', { id: e.participant_id }),
                        error: e.error,
                      })}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>{tp('send.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="send-notifications-form">
          <Text fw={600} data-testid="send-notifications-count">
            {tp('send.count', { n: formatNumber(count) })}
          </Text>
          <Radio.Group
            label={tp('send.type')}
            value={type}
            onChange={(value) => {
              if (isNotificationType(value)) setType(value);
            }}
          >
            <Stack gap="xs" mt="xs">
              {NOTIFICATION_TYPES.map((value) => (
                <Radio key={value} value={value} label={tp(typeLabel[value])} disabled={send.isPending} />
              ))}
            </Stack>
          </Radio.Group>
          <Paper
            withBorder
            radius="md"
            p="sm"
            bg="blue.0"
            component="section"
            aria-label={tp('send.whatTitle')}
          >
            <Text fw={600} size="sm" mb={4}>
              {tp('send.whatTitle')}
            </Text>
            <Text size="sm">{tp('send.whatText')}</Text>
            <Text size="sm" mt={4} data-testid="send-notifications-what">
              {tp(typeWhat[type])}
            </Text>
          </Paper>
          {type !== 'email' && preview.data && (
            <Paper withBorder radius="md" p="sm" component="section" aria-label={tp('send.smsCostTitle')}>
              <Text fw={600} size="sm" mb={4}>
                {tp('send.smsCostTitle')}
              </Text>
              <Text size="sm">{tp('send.smsCostText')}</Text>
              <List size="sm" spacing={2} mt={4} data-testid="send-notifications-sms-cost">
                {preview.data.messages.map((m) => (
                  <List.Item key={m.language}>
                    {tp('send.smsSegments', {
                      language: LANGUAGE_NAMES[m.language],
                      count: m.segments,
                      encoding: m.encoding,
                    })}
                  </List.Item>
                ))}
              </List>
            </Paper>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              {tp('send.cancel')}
            </Button>
            <Button onClick={submit} loading={send.isPending}>
              {tp('send.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
