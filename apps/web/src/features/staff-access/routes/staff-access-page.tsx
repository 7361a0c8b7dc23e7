import { useState } from 'react';
import { Badge, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TStaffAccount } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { useCheckInEvents } from '../../check-in';
import { useStaffAccounts } from '../api/get-staff-accounts';
import { StaffAccessModal } from '../components/staff-access-modal';
import { tsa } from '../i18n';

/** /dashboard/staff (admin): staff accounts, their role and events, and the form to change them. */
export function StaffAccessPage() {
  useDocumentTitle(`${tsa('page.title')} | ${t('app.name')}`);
  const { user } = useSession();
  const selfId = isStaff(user) ? user.id : null;
  const accounts = useStaffAccounts();
  const events = useCheckInEvents();
  const [editing, setEditing] = useState<TStaffAccount | null>(null);
  const eventName = new Map((events.data ?? []).map((e) => [e.id, e.name]));

  const columns = [
    tsa('table.username'),
    tsa('table.name'),
    tsa('table.role'),
    tsa('table.events'),
    tsa('table.status'),
    tsa('table.actions'),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{tsa('page.title')}</Title>
          <Text c="dimmed">{tsa('page.subtitle')}</Text>
        </Stack>
        {accounts.isPending ? (
          <SectionLoader />
        ) : accounts.isError ? (
          <LoadFailed message={tsa('page.loadFailed')} retryLabel={tsa('page.tryAgain')} query={accounts} />
        ) : (
          <Paper withBorder radius="md" p="md">
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="sm" aria-label={tsa('table.caption')} data-testid="staff-table">
                <TableHeader columns={columns} />
                <Table.Tbody>
                  {accounts.data.length === 0 ? (
                    <EmptyTableRow colSpan={columns.length}>{tsa('table.empty')}</EmptyTableRow>
                  ) : (
                    accounts.data.map((a) => (
                      <Table.Tr key={a.id} data-testid="staff-row">
                        <Table.Td>
                          <Group gap={6}>
                            <Text size="sm" fw={600}>
                              {a.username}
                            </Text>
                            {a.id === selfId && (
                              <Text size="sm" c="dimmed">
                                ({tsa('table.you')})
                              </Text>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>{a.full_name}</Table.Td>
                        <Table.Td>
                          <Badge color={a.role === 'admin' ? 'blue.9' : 'grape.9'} variant="filled">
                            {tsa(a.role === 'admin' ? 'role.admin' : 'role.scanner')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {a.role === 'admin'
                            ? tsa('table.allEvents')
                            : a.event_ids.length === 0
                              ? tsa('table.noEvents')
                              : a.event_ids.map((id) => eventName.get(id) ?? `#${id}`).join(', ')}
                        </Table.Td>
                        <Table.Td>{a.is_active ? tsa('table.active') : tsa('table.inactive')}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(a)}
                            disabled={a.id === selfId}
                            title={a.id === selfId ? tsa('form.ownRole') : undefined}
                            aria-label={tsa('table.editLabel', { name: a.full_name || a.username })}
                          >
                            {tsa('table.edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
      {editing && <StaffAccessModal key={editing.id} account={editing} onClose={() => setEditing(null)} />}
    </Container>
  );
}

export default StaffAccessPage;
