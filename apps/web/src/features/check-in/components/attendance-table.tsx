import { memo } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TCheckIn } from '@attend/shared';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { tc } from '../i18n';
import { checkInSessionName } from '../lib/session-label';

type Props = {
  rows: TCheckIn[];
  /** Admins may undo a check-in; scanners see no Actions column. */
  onUndo?: (record: TCheckIn) => void;
  /** The event's time zone (the viewer's while it is not known). */
  timeZone?: string;
};

/**
 * Attendance records, newest first: Name, Session, Check-In Time, Checked In By, Notes (document 2
 * §2). Memoised: the station re-renders on every scan, and fifty rows need not be built again unless
 * they changed.
 */
export const AttendanceTable = memo(function AttendanceTable({ rows, onUndo, timeZone }: Props) {
  const columns = [
    tc('table.name'),
    tc('table.session'),
    tc('table.time'),
    tc('table.by'),
    tc('table.notes'),
    ...(onUndo ? [tc('table.actions')] : []),
  ];
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={tc('table.caption')}
        data-testid="attendance-table"
      >
        <TableHeader columns={columns} />
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyTableRow colSpan={columns.length}>{tc('table.empty')}</EmptyTableRow>
          ) : (
            rows.map((r) => (
              <Table.Tr key={r.id} data-testid="attendance-row" data-check-in-id={r.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {r.participant_name}
                      </Text>
                      {r.forced && (
                        <Badge size="xs" color="gray.8" variant="filled">
                          {tc('table.forced')}
                        </Badge>
                      )}
                    </Group>
                    {r.organization && (
                      <Text size="sm" c="dimmed">
                        {r.organization}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{checkInSessionName(r)}</Table.Td>
                <Table.Td>{formatDisplayDateTime(r.check_in_time, timeZone)}</Table.Td>
                <Table.Td>{r.checked_in_by}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-line' }}>{r.notes}</Table.Td>
                {onUndo && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onUndo(r)}
                      aria-label={tc('table.undoLabel', { name: r.participant_name })}
                    >
                      {tc('table.undo')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
