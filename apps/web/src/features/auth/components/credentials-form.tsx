import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { TStaffLogin } from '@attend/shared';
import { FormError } from '../../../components/form-error';
import { requiredLabelProps } from '../../../components/required-label';
import { t } from '../../../lib/i18n';

type Props = {
  submitting: boolean;
  error: string | null;
  onSubmit: (values: TStaffLogin) => void;
  /** Called when the user types: a shown error goes away. */
  onEdit: () => void;
  submitLabel: string;
};

/** Username and password, both required (staff sign-in on /login and on the Staff Portal). */
export function CredentialsForm({ submitting, error, onSubmit, onEdit, submitLabel }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ username: username.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          required
          withAsterisk={false}
          labelProps={requiredLabelProps}
          value={username}
          onChange={(e) => {
            setUsername(e.currentTarget.value);
            onEdit();
          }}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          labelProps={requiredLabelProps}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            onEdit();
          }}
        />
        <FormError message={error} />
        <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
