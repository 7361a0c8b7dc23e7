import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { PENDING_BADGE } from '../lib/colors';
import { Link } from 'react-router';
import type { TParticipant } from '@attend/shared';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { tp } from '../i18n';
import { NotificationBadge } from './notification-badge';

type Props = {
  eventId: number;
  rows: TParticipant[];
  selected: ReadonlySet<number>;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onToggle: (id: number) => void;
  onEdit: (p: TParticipant) => void;
  onSendLogin: (p: TParticipant) => void;
  sendingLoginId: number | null;
  onConfirm: (p: TParticipant) => void;
  confirmingId: number | null;
  onViewQr: (p: TParticipant) => void;
  onDelete: (p: TParticipant) => void;
  selectingAll: boolean;
};

/** A cell's main line and, when there is one, a dimmed second line. */
function TwoLines({ main, sub }: { main: string; sub: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{main}</Text>
      {sub && (
        <Text size="sm" c="dimmed">
          {sub}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The participants of one page (document 2 §2): select, name, contact, organisation, status,
 * notification, actions.
 */
export function ParticipantsTable(props: Props) {
  const { eventId, rows, selected } = props;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={tp('table.caption')}
        data-testid="participants-table"
      >
        <TableHeader
          before={
            <Table.Th w={40}>
              <Checkbox
                aria-label={tp('table.selectAll')}
                checked={props.allSelected}
                indeterminate={!props.allSelected && props.someSelected}
                onChange={props.onToggleAll}
                disabled={props.selectingAll}
              />
            </Table.Th>
          }
          columns={[
            tp('table.name'),
            tp('table.contact'),
            tp('table.organization'),
            tp('table.status'),
            tp('table.notification'),
            tp('table.actions'),
          ]}
        />
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyTableRow colSpan={7} py="lg">
              {tp('table.empty')}
            </EmptyTableRow>
          ) : (
            rows.map((p) => (
              <Table.Tr key={p.id} data-testid="participant-row" data-participant-id={p.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={tp('table.selectRow', { name: p.full_name })}
                    checked={selected.has(p.id)}
                    onChange={() => props.onToggle(p.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={paths.staff.participant(eventId, p.id)} fw={600} c="blue.9">
                      {p.full_name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      @{p.username}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <TwoLines
                    main={p.email}
                    sub={p.phone_invalid ? `${p.phone} · ${tp('detail.phoneInvalid')}` : p.phone}
                  />
                </Table.Td>
                <Table.Td>
                  <TwoLines main={p.organization} sub={p.job_title} />
                </Table.Td>
                <Table.Td>
                  <Badge color={p.confirmed_attendance ? 'teal.9' : PENDING_BADGE} variant="filled">
                    {p.confirmed_attendance ? tp('status.confirmed') : tp('status.pending')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <NotificationBadge status={p.notification_status} />
                </Table.Td>
                <Table.Td>
                  <Group
                    gap={6}
                    wrap="wrap"
                    role="group"
                    aria-label={tp('row.actionsFor', { name: p.full_name })}
                  >
                    <Button size="compact-sm" variant="default" onClick={() => props.onEdit(p)}>
                      {tp('row.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => props.onSendLogin(p)}
                      loading={props.sendingLoginId === p.id}
                    >
                      {tp('row.sendLogin')}
                    </Button>
                    {p.confirmed_attendance ? (
                      <Button size="compact-sm" color="teal.9" onClick={() => props.onViewQr(p)}>
                        {tp('row.viewQr')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        color="teal.9"
                        onClick={() => props.onConfirm(p)}
                        loading={props.confirmingId === p.id}
                      >
                        {tp('row.confirm')}
                      </Button>
                    )}
                    <Button size="compact-sm" variant="default" c="red.9" onClick={() => props.onDelete(p)}>
                      {tp('row.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
