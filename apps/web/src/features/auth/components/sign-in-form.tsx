import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { ChallengeNotice } from './challenge-notice';

type Props = {
  onSubmit: () => void;
  submitting: boolean;
  /** The sign-in is solving a proof of work (the button stays loading meanwhile). */
  solving?: boolean;
  error: string | null;
  submitLabel: string;
  children: ReactNode;
};

/** The fields of a sign-in, its error and the full-width submit button. */
export function SignInForm({ onSubmit, submitting, solving = false, error, submitLabel, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        <FormError message={error} />
        <div>
          <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
            {submitLabel}
          </Button>
          <ChallengeNotice solving={solving} />
        </div>
      </Stack>
    </form>
  );
}

/** An input's change handler that stores the text and lets the page clear a shown error. */
export function typed(set: (value: string) => void, onEdit: () => void) {
  return (e: ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    onEdit();
  };
}
