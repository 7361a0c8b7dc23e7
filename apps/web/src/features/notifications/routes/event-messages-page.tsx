import { useState } from 'react';
import {
  Anchor,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGE_STATUSES, type TOutgoingMessage } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { formatDisplayDateTime, formatDisplayDateTimeInZone } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { MESSAGES_PAGE_SIZE, useEventMessages, type EventMessagesParams } from '../api/get-event-messages';
import { useEventSummary } from '../api/get-event-summary';
import { useRetryMessage } from '../api/retry-message';
import { MessageStatusBadge } from '../components/message-status-badge';
import { messageStatusLabel } from '../lib/message-status';
import { recipientStyle } from '../lib/recipient-style';
import { tn } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

type Status = TOutgoingMessage['status'];
type Channel = TOutgoingMessage['channel'];

/** Only a failed message can be sent again; one on its way or delivered is left alone. */
const RETRYABLE: ReadonlySet<Status> = new Set<Status>(['retry_scheduled', 'failed_permanently']);
const CHANNELS: readonly Channel[] = ['email', 'sms'];

function isStatus(value: string | null): value is Status {
  return value !== null && (MESSAGE_STATUSES as readonly string[]).includes(value);
}
function isChannel(value: string | null): value is Channel {
  return value !== null && (CHANNELS as readonly string[]).includes(value);
}

/**
 * When it was queued, sent, or will next be tried, in the event's zone like every other time of the
 * event, and named: a log of sends is read next to times from elsewhere (a provider's report).
 */
function messageTime(m: TOutgoingMessage, timeZone: string | undefined): string {
  const when = (at: string) =>
    timeZone ? formatDisplayDateTimeInZone(at, timeZone) : formatDisplayDateTime(at);
  if (m.sent_at) return tn('messages.sentAt', { when: when(m.sent_at) });
  if (m.status === 'retry_scheduled' && m.next_attempt_at) {
    return tn('messages.nextAttempt', { when: when(m.next_attempt_at) });
  }
  return tn('messages.createdAt', { when: when(m.created_at) });
}

/** /dashboard/events/{eventId}/messages: every e-mail and SMS of the event, and Retry for a failed one. */
export function EventMessagesPage() {
  const eventId = useIdParam('eventId');
  if (eventId === null) {
    return (
      <NoticePage title={tn('messages.eventNotFound')}>
        <Anchor component={Link} to={paths.staff.events()} c="blue.9">
          {t('nav.events')}
        </Anchor>
      </NoticePage>
    );
  }
  return <EventMessages key={eventId} eventId={eventId} />;
}

function EventMessages({ eventId }: { eventId: number }) {
  const [params, setParams] = useState<EventMessagesParams>({ page: 1 });
  const event = useEventSummary(eventId);
  const list = useEventMessages(eventId, params);
  const retry = useRetryMessage(eventId);
  const title = event.data ? tn('messages.title', { event: event.data.name }) : tn('messages.documentTitle');
  usePageTitle(`${title} | ${t('app.name')}`);

  if (event.error instanceof ApiError && event.error.status === 404) {
    return (
      <NoticePage title={tn('messages.eventNotFound')}>
        <Anchor component={Link} to={paths.staff.events()} c="blue.9">
          {t('nav.events')}
        </Anchor>
      </NoticePage>
    );
  }

  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const from = total === 0 ? 0 : (params.page - 1) * MESSAGES_PAGE_SIZE + 1;
  const to = Math.min(params.page * MESSAGES_PAGE_SIZE, total);
  const retryingId = retry.isPending ? (retry.variables ?? null) : null;

  const retryOne = (m: TOutgoingMessage) =>
    retry.mutate(m.id, {
      onSuccess: (result) =>
        notify(
          result.message,
          result.results.total_retried === 0
            ? 'info'
            : result.results.total_failed > 0
              ? 'warning'
              : 'success',
        ),
      onError: (err) => notify(serverMessage(err, tn('messages.retryFailed')), 'error'),
    });

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" size="sm" w="fit-content">
          ← {tn('messages.back')}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            {event.data ? <Title order={1}>{title}</Title> : <Skeleton h={36} w={360} maw="100%" />}
            <Text c="dimmed">{tn('messages.subtitle')}</Text>
          </Stack>
          <Button
            variant="default"
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isPending}
          >
            {tn('messages.refresh')}
          </Button>
        </Group>

        <Group gap="md" wrap="wrap">
          <Select
            label={tn('messages.filterStatus')}
            data={[
              { value: '', label: tn('messages.all') },
              ...MESSAGE_STATUSES.map((s) => ({ value: s, label: messageStatusLabel(s) })),
            ]}
            value={params.status ?? ''}
            onChange={(value) =>
              setParams((p) => ({ ...p, page: 1, status: isStatus(value) ? value : undefined }))
            }
            allowDeselect={false}
            w={220}
          />
          <Select
            label={tn('messages.filterChannel')}
            data={[
              { value: '', label: tn('messages.all') },
              ...CHANNELS.map((c) => ({ value: c, label: tn(`channel.${c}`) })),
            ]}
            value={params.channel ?? ''}
            onChange={(value) =>
              setParams((p) => ({ ...p, page: 1, channel: isChannel(value) ? value : undefined }))
            }
            allowDeselect={false}
            w={160}
          />
        </Group>

        {list.isPending ? (
          <SectionLoader />
        ) : list.isError && !list.data ? (
          <LoadFailed message={tn('messages.loadFailed')} retryLabel={tn('messages.tryAgain')} query={list} />
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={980}>
              <Table striped verticalSpacing="sm" horizontalSpacing="md" data-testid="messages-table">
                <Table.Caption>{tn('messages.caption')}</Table.Caption>
                <TableHeader
                  columns={[
                    tn('messages.col.recipient'),
                    tn('messages.col.channel'),
                    tn('messages.col.subject'),
                    tn('messages.col.status'),
                    tn('messages.col.attempts'),
                    tn('messages.col.lastError'),
                    tn('messages.col.time'),
                    tn('messages.col.actions'),
                  ]}
                />
                <Table.Tbody>
                  {rows.length === 0 && <EmptyTableRow colSpan={8}>{tn('messages.empty')}</EmptyTableRow>}
                  {rows.map((m) => (
                    <Table.Tr
                      key={m.id}
                      data-testid="message-row"
                      data-message-id={m.id}
                      data-status={m.status}
                    >
                      <Table.Td>
                        <Stack gap={0}>
                          {m.participant_name && (
                            <Text size="sm" fw={600}>
                              {m.participant_name}
                            </Text>
                          )}
                          <Text
                            size="sm"
                            c={m.participant_name ? 'dimmed' : undefined}
                            style={recipientStyle(m.channel)}
                          >
                            {m.recipient}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{tn(`channel.${m.channel}`)}</Table.Td>
                      <Table.Td maw={240}>
                        <Text size="sm" lineClamp={2}>
                          {m.subject || m.preview || tn('messages.none')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <MessageStatusBadge status={m.status} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {tn('messages.attempts', { n: m.attempts, max: m.max_attempts })}
                      </Table.Td>
                      <Table.Td maw={280}>
                        <Text
                          size="sm"
                          c={m.last_error ? 'red.9' : 'dimmed'}
                          style={{ wordBreak: 'break-word' }}
                        >
                          {m.last_error ?? tn('messages.none')}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{messageTime(m, event.data?.time_zone)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {RETRYABLE.has(m.status) && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={tn('messages.retryLabel', { recipient: m.recipient })}
                            onClick={() => retryOne(m)}
                            loading={retryingId === m.id}
                            disabled={retryingId !== null && retryingId !== m.id}
                          >
                            {tn('messages.retry')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {tn('messages.range', { from, to, total })}
            </Text>
            {lastPage > 1 && (
              <Pagination
                total={lastPage}
                value={Math.min(params.page, lastPage)}
                onChange={(page) => setParams((p) => ({ ...p, page }))}
                aria-label={tn('messages.pagination')}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': tn('messages.previous') }
                    : control === 'next'
                      ? { 'aria-label': tn('messages.next') }
                      : {}
                }
              />
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}

export default EventMessagesPage;
