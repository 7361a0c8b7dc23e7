import { useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TMailboxMessage } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { MAILBOX_PAGE_SIZE, useMailbox } from '../api/get-mailbox';
import { recipientStyle } from '../lib/recipient-style';
import { tn } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** Debounce of the recipient filter: one request per pause in typing. */
const FILTER_DEBOUNCE_MS = 300;

/** How much of an SMS stands in for its subject. */
const SMS_TITLE_LENGTH = 60;

/** An e-mail's subject; an SMS has none, so the start of its text stands in for it. */
function subjectOf(m: TMailboxMessage): string {
  if (m.subject) return m.subject;
  const text = m.channel === 'sms' ? m.body.replace(/\s+/g, ' ').trim() : '';
  if (!text) return tn('mailbox.noSubject');
  return text.length > SMS_TITLE_LENGTH ? `${text.slice(0, SMS_TITLE_LENGTH - 1)}…` : text;
}

/** /dashboard/mailbox: the built-in dev mailbox, and the chosen message as the participant sees it. */
export function MailboxPage() {
  usePageTitle(`${tn('mailbox.title')} | ${t('app.name')}`);
  const [page, setPage] = useState(1);
  const [recipient, setRecipient] = useState('');
  const [debounced] = useDebouncedValue(recipient.trim(), FILTER_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const mailbox = useMailbox({ page, recipient: debounced });

  const rows = mailbox.data?.results ?? [];
  const total = mailbox.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / MAILBOX_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * MAILBOX_PAGE_SIZE + 1;
  const to = Math.min(page * MAILBOX_PAGE_SIZE, total);
  const selected = rows.find((m) => m.id === selectedId) ?? null;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={720}>
            <Title order={1}>{tn('mailbox.title')}</Title>
            <Text c="dimmed">{tn('mailbox.subtitle')}</Text>
          </Stack>
          <Button
            variant="default"
            onClick={() => void mailbox.refetch()}
            loading={mailbox.isFetching && !mailbox.isPending}
          >
            {tn('mailbox.refresh')}
          </Button>
        </Group>
        <TextInput
          type="search"
          label={tn('mailbox.recipient')}
          placeholder={tn('mailbox.recipientPlaceholder')}
          value={recipient}
          onChange={(e) => {
            setRecipient(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 420 }}
        />

        {mailbox.isPending ? (
          <SectionLoader />
        ) : mailbox.isError && !mailbox.data ? (
          <LoadFailed
            message={tn('mailbox.loadFailed')}
            retryLabel={tn('mailbox.tryAgain')}
            query={mailbox}
          />
        ) : (
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="sm">
                <Paper withBorder radius="md">
                  <Table.ScrollContainer minWidth={520}>
                    <Table verticalSpacing="xs" highlightOnHover data-testid="mailbox-list">
                      <Table.Caption>{tn('mailbox.caption')}</Table.Caption>
                      <TableHeader
                        columns={[
                          tn('mailbox.col.recipient'),
                          tn('mailbox.col.subject'),
                          tn('mailbox.col.channel'),
                          tn('mailbox.col.time'),
                        ]}
                      />
                      <Table.Tbody>
                        {rows.length === 0 && (
                          <EmptyTableRow colSpan={4}>{tn('mailbox.empty')}</EmptyTableRow>
                        )}
                        {rows.map((m) => {
                          const current = m.id === selectedId;
                          return (
                            <Table.Tr
                              key={m.id}
                              data-testid="mailbox-row"
                              data-message-id={m.id}
                              bg={current ? 'blue.0' : undefined}
                            >
                              <Table.Td style={recipientStyle(m.channel)}>
                                <Text size="sm">{m.recipient}</Text>
                              </Table.Td>
                              <Table.Td>
                                <UnstyledButton
                                  onClick={() => setSelectedId(m.id)}
                                  aria-current={current ? 'true' : undefined}
                                  fz="sm"
                                  fw={600}
                                  c="blue.9"
                                  td="underline"
                                >
                                  {subjectOf(m)}
                                </UnstyledButton>
                              </Table.Td>
                              <Table.Td>{tn(`channel.${m.channel}`)}</Table.Td>
                              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                                <Text size="sm">{formatDisplayDateTime(m.created_at)}</Text>
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Paper>
                {total > 0 && (
                  <Group justify="space-between" wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {tn('mailbox.range', { from, to, total })}
                    </Text>
                    {lastPage > 1 && (
                      <Pagination
                        total={lastPage}
                        value={Math.min(page, lastPage)}
                        onChange={setPage}
                        aria-label={tn('mailbox.pagination')}
                        getControlProps={(control) =>
                          control === 'previous'
                            ? { 'aria-label': tn('mailbox.previous') }
                            : control === 'next'
                              ? { 'aria-label': tn('mailbox.next') }
                              : {}
                        }
                      />
                    )}
                  </Group>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              {selected ? (
                <MailboxMessage message={selected} />
              ) : (
                <Paper withBorder radius="md" p="lg">
                  <Text c="dimmed">{tn('mailbox.select')}</Text>
                </Paper>
              )}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" fw={600} miw={70}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One message. The HTML body is the participant's e-mail, so it is shown as a separate document in
 * a sandboxed frame (no scripts, no forms, no same-origin access), never inserted into this page.
 */
function MailboxMessage({ message: m }: { message: TMailboxMessage }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={tn('mailbox.message')}
      data-testid="mailbox-message"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="h4" data-testid="mailbox-subject">
            {subjectOf(m)}
          </Title>
          <Badge variant="filled" color="blue.9" style={{ flexShrink: 0 }}>
            {tn(`channel.${m.channel}`)}
          </Badge>
        </Group>
        <Stack gap={2} component="dl" m={0}>
          <Meta label={tn('mailbox.to')}>
            <span style={recipientStyle(m.channel)}>{m.recipient}</span>
          </Meta>
          <Meta label={tn('mailbox.time')}>{formatDisplayDateTime(m.created_at)}</Meta>
        </Stack>
        {m.html !== null && (
          <iframe
            key={m.id}
            title={tn('mailbox.bodyFrame')}
            sandbox=""
            srcDoc={m.html}
            referrerPolicy="no-referrer"
            data-testid="mailbox-html"
            style={{
              width: '100%',
              height: 480,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'white',
            }}
          />
        )}
        <Stack gap={4}>
          {m.html !== null && (
            <Text fw={600} size="sm">
              {tn('mailbox.plainText')}
            </Text>
          )}
          <Text
            size="sm"
            data-testid="mailbox-text"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {m.body}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

export default MailboxPage;
