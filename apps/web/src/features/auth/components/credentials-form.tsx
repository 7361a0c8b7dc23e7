import { useState } from 'react';
import { PasswordInput, TextInput } from '@mantine/core';
import type { TStaffLogin } from '@attend/shared';
import { requiredFieldProps } from '../../../components/required-label';
import { t } from '../../../lib/i18n';
import { SignInForm, typed } from './sign-in-form';

type Props = {
  submitting: boolean;
  /** Solving the proof of work the server asked for: 'Checking your browser…' shows. */
  solving: boolean;
  error: string | null;
  onSubmit: (values: TStaffLogin) => void;
  /** Called when the user types: a shown error goes away. */
  onEdit: () => void;
  submitLabel: string;
};

/** Username and password, both required (staff sign-in on /login and on the Staff Portal). */
export function CredentialsForm({ submitting, solving, error, onSubmit, onEdit, submitLabel }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  return (
    <SignInForm
      onSubmit={() => onSubmit({ username: username.trim(), password })}
      submitting={submitting}
      solving={solving}
      error={error}
      submitLabel={submitLabel}
    >
      <TextInput
        label={t('login.username')}
        name="username"
        autoComplete="username"
        {...requiredFieldProps}
        value={username}
        onChange={typed(setUsername, onEdit)}
      />
      <PasswordInput
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        {...requiredFieldProps}
        value={password}
        onChange={typed(setPassword, onEdit)}
      />
    </SignInForm>
  );
}
