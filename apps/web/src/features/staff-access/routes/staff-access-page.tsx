import { useState } from 'react';
import { Badge, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TStaffAccount, TStaffCredentials } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { isStaff, useSession } from '../../../lib/auth-session';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { useCheckInEvents } from '../../check-in';
import { useStaffAccounts } from '../api/get-staff-accounts';
import { AccountActions } from '../components/account-actions';
import { CreateStaffModal } from '../components/create-staff-modal';
import { CredentialsDialog } from '../components/credentials-dialog';
import { StaffAccessModal } from '../components/staff-access-modal';
import { tsa } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** The Status column: disabled, waiting for an invitation to be used (or its expiry), or enabled. */
function statusOf(a: TStaffAccount): string {
  if (!a.is_active) return tsa('table.inactive');
  if (a.has_password) return tsa('table.active');
  return a.invite_expires_at
    ? tsa('table.invited', { date: formatDisplayDateTime(a.invite_expires_at) })
    : tsa('table.inviteExpired');
}

/**
 * /dashboard/staff (admin): staff accounts, their role and events, the form to change them, and
 * adding, disabling and removing accounts. An invitation link or a generated password is shown once,
 * in a dialog, when it is made.
 */
export function StaffAccessPage() {
  usePageTitle(`${tsa('page.title')} | ${t('app.name')}`);
  const { user } = useSession();
  const selfId = isStaff(user) ? user.id : null;
  const accounts = useStaffAccounts();
  const events = useCheckInEvents();
  const [editing, setEditing] = useState<TStaffAccount | null>(null);
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<{ kind: 'created' | 'reset'; value: TStaffCredentials } | null>(null);
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
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={1}>{tsa('page.title')}</Title>
            <Text c="dimmed">{tsa('page.subtitle')}</Text>
          </Stack>
          <Button onClick={() => setAdding(true)}>{tsa('page.add')}</Button>
        </Group>
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
                        <Table.Td>{statusOf(a)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
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
                            {a.id !== selfId && (
                              <AccountActions
                                account={a}
                                onIssued={(value) => setIssued({ kind: 'reset', value })}
                              />
                            )}
                          </Group>
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
      {adding && (
        <CreateStaffModal
          onClose={() => setAdding(false)}
          onCreated={(value) => {
            setAdding(false);
            setIssued({ kind: 'created', value });
          }}
        />
      )}
      {issued && (
        <CredentialsDialog issued={issued.value} kind={issued.kind} onClose={() => setIssued(null)} />
      )}
    </Container>
  );
}

export default StaffAccessPage;
