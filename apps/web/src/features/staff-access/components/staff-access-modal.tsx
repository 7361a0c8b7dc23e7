import { useState } from 'react';
import { Button, Group, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import type { StaffRole, TStaffAccount } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useCheckInEvents } from '../../check-in';
import { useUpdateStaffAccess } from '../api/update-staff-access';
import { tsa } from '../i18n';

type Props = { account: TStaffAccount; onClose: () => void };

/** Role and events of one staff account; Save sends PATCH /accounts/staff/{id}/. */
export function StaffAccessModal({ account, onClose }: Props) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [eventIds, setEventIds] = useState<string[]>(account.event_ids.map(String));
  const [error, setError] = useState<string | null>(null);
  const events = useCheckInEvents();
  const update = useUpdateStaffAccess();
  const name = account.full_name || account.username;

  const save = () => {
    setError(null);
    update.mutate(
      { id: account.id, body: { role, event_ids: role === 'scanner' ? eventIds.map(Number) : [] } },
      {
        onSuccess: () => {
          notify(tsa('form.saved', { name }), 'success');
          onClose();
        },
        onError: (err) => setError(serverMessage(err, tsa('form.failed'))),
      },
    );
  };

  // Events the account holds that the list does not (deleted since) stay selectable, by id.
  const known = new Set((events.data ?? []).map((e) => String(e.id)));
  const options = [
    ...(events.data ?? []).map((e) => ({ value: String(e.id), label: e.name })),
    ...eventIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` })),
  ];

  return (
    <AppModal opened onClose={onClose} title={tsa('form.title', { name })} centered size="lg">
      <Stack gap="md">
        <Radio.Group
          label={tsa('form.role')}
          value={role}
          onChange={(v) => setRole(v === 'scanner' ? 'scanner' : 'admin')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="admin" label={tsa('role.admin')} />
            <Radio value="scanner" label={tsa('role.scanner')} />
          </Group>
        </Radio.Group>
        {role === 'scanner' && (
          <>
            <MultiSelect
              label={tsa('form.events')}
              placeholder={tsa('form.eventsPlaceholder')}
              data={options}
              value={eventIds}
              onChange={setEventIds}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            {events.isError && (
              <Text size="sm" c="red.9">
                {tsa('form.eventsLoadFailed')}
              </Text>
            )}
          </>
        )}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {tsa('form.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {tsa('form.save')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
