import type { ReactNode } from 'react';
import { Alert, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TParticipantHistory } from '@attend/shared';
import { SectionLoader } from '../../../components/load-state';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { formatDisplayDateTime, formatTimeRange } from '../../../lib/date-time';
import { useParticipantHistory } from '../api/get-participant-history';
import { tp } from '../i18n';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The participant's sessions (and waiting-list places) and their check-ins at the door and at
 * sessions, with who recorded each and when; times in the event's zone.
 */
export function ParticipantHistory(props: { eventId: number; participantId: number; timeZone?: string }) {
  const history = useParticipantHistory(props.eventId, props.participantId);
  if (history.isPending) return <SectionLoader rows={3} />;
  if (history.isError) {
    return (
      <Alert color="red" variant="default" role="alert">
        {tp('history.loadFailed')}
      </Alert>
    );
  }
  return <HistoryTables history={history.data} timeZone={props.timeZone} />;
}

function HistoryTables({ history, timeZone }: { history: TParticipantHistory; timeZone?: string }) {
  const when = (iso: string) => formatDisplayDateTime(iso, timeZone);
  const range = (start: string, end: string) =>
    timeZone ? formatTimeRange(start, end, timeZone) : `${when(start)} – ${when(end)}`;
  return (
    <>
      <Block title={tp('history.sessions')}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="participant-sessions">
            <TableHeader columns={[tp('history.session'), tp('history.time'), tp('history.location')]} />
            <Table.Tbody>
              {history.sessions.length === 0 && history.waitlist.length === 0 && (
                <EmptyTableRow colSpan={3}>{tp('history.noSessions')}</EmptyTableRow>
              )}
              {history.sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {s.parent_session_name ? `${s.parent_session_name} › ${s.name}` : s.name}
                  </Table.Td>
                  <Table.Td>{range(s.start_time, s.end_time)}</Table.Td>
                  <Table.Td>{s.location || tp('detail.notYet')}</Table.Td>
                </Table.Tr>
              ))}
              {history.waitlist.map((w) => (
                <Table.Tr key={`w${w.session}`}>
                  <Table.Td>
                    {w.session_name}{' '}
                    <Badge variant="light" color="orange.9" size="sm">
                      {tp('history.waiting', { position: w.position })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{when(w.start_time)}</Table.Td>
                  <Table.Td>{tp('detail.notYet')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Block>
      <Block title={tp('history.checkIns')}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="participant-check-ins">
            <TableHeader
              columns={[
                tp('history.where'),
                tp('history.checkInTime'),
                tp('history.checkedInBy'),
                tp('history.notes'),
              ]}
            />
            <Table.Tbody>
              {history.check_ins.length === 0 && (
                <EmptyTableRow colSpan={4}>{tp('history.noCheckIns')}</EmptyTableRow>
              )}
              {history.check_ins.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.session === null ? tp('history.door') : c.session_name}</Table.Td>
                  <Table.Td>{when(c.check_in_time)}</Table.Td>
                  <Table.Td>{c.checked_in_by || tp('history.unknownStaff')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {c.notes || tp('detail.notYet')}
                      {c.forced && ` (${tp('history.forced')})`}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Block>
    </>
  );
}
