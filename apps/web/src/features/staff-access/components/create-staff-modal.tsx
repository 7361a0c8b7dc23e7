import { useState, type FormEvent } from 'react';
import { Button, Group, MultiSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  EMAIL_PATTERN,
  STAFF_INVITE_DAYS,
  STAFF_USERNAME_PATTERN,
  type CredentialDelivery,
  type StaffRole,
  type TStaffCredentials,
} from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { requiredFieldProps } from '../../../components/required-label';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { useCheckInEvents } from '../../check-in';
import { useCreateStaffAccount } from '../api/create-staff-account';
import { tsa } from '../i18n';

type Props = { onClose: () => void; onCreated: (issued: TStaffCredentials) => void };

type Field = 'username' | 'email' | 'event_ids';
const FIELDS: ReadonlySet<string> = new Set<Field>(['username', 'email', 'event_ids']);

/**
 * Add a staff account: its username, name, e-mail, role and (for a scanner) events, and whether the
 * person gets an invitation link or a generated password. POST /accounts/staff/; the answer goes
 * to `onCreated`, which shows it once.
 */
export function CreateStaffModal({ onClose, onCreated }: Props) {
  const [username, setUsername] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('scanner');
  const [eventIds, setEventIds] = useState<string[]>([]);
  const [delivery, setDelivery] = useState<CredentialDelivery>('invite');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const events = useCheckInEvents();
  const create = useCreateStaffAccount();

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const name = username.trim();
    if (!name) found.username = tsa('create.usernameRequired');
    else if (!STAFF_USERNAME_PATTERN.test(name)) found.username = tsa('create.invalidUsername');
    if (email.trim() && !EMAIL_PATTERN.test(email.trim())) found.email = tsa('create.invalidEmail');
    if (role === 'scanner' && eventIds.length === 0) found.event_ids = tsa('create.eventsRequired');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        username: username.trim(),
        full_name: fullName.trim(),
        email: email.trim(),
        role,
        event_ids: role === 'scanner' ? eventIds.map(Number) : [],
        delivery,
      },
      {
        onSuccess: onCreated,
        onError: (err) => {
          const fields = formFieldErrors<Field>(err, FIELDS);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setError(serverMessage(err, tsa('create.failed')));
        },
      },
    );
  };

  const edited = (field: Field) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    setError(null);
  };

  return (
    <AppModal opened onClose={onClose} title={tsa('create.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={tsa('create.username')}
            description={tsa('create.usernameHint')}
            {...requiredFieldProps}
            autoComplete="off"
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.currentTarget.value);
              edited('username');
            }}
            data-autofocus
          />
          <TextInput
            label={tsa('create.fullName')}
            autoComplete="off"
            value={fullName}
            onChange={(e) => setFullName(e.currentTarget.value)}
          />
          <TextInput
            label={tsa('create.email')}
            description={tsa('create.emailHint')}
            type="email"
            autoComplete="off"
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              edited('email');
            }}
          />
          <Radio.Group
            label={tsa('form.role')}
            value={role}
            onChange={(v) => setRole(v === 'admin' ? 'admin' : 'scanner')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="scanner" label={tsa('role.scanner')} />
              <Radio value="admin" label={tsa('role.admin')} />
            </Group>
          </Radio.Group>
          {role === 'scanner' && (
            <>
              <MultiSelect
                label={tsa('form.events')}
                placeholder={tsa('form.eventsPlaceholder')}
                data={(events.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
                value={eventIds}
                error={errors.event_ids}
                onChange={(v) => {
                  setEventIds(v);
                  edited('event_ids');
                }}
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
          <Radio.Group
            label={tsa('create.delivery')}
            value={delivery}
            onChange={(v) => setDelivery(v === 'password' ? 'password' : 'invite')}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="invite" label={tsa('create.deliveryInvite', { days: STAFF_INVITE_DAYS })} />
              <Radio value="password" label={tsa('create.deliveryPassword')} />
            </Stack>
          </Radio.Group>
          <FormError message={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {tsa('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {tsa('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
