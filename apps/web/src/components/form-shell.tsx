import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { FormError } from './form-error';

type Props = {
  onSubmit: (e: FormEvent) => void;
  /** The form-level error of the last submit. */
  error: string | null;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  /** A save is under way: the submit button spins and Cancel is disabled. */
  pending: boolean;
  /** Cancel stays enabled while a save is under way. */
  cancelWhilePending?: boolean;
  /** A heading above the fields (the edit forms of the detail pages). */
  title?: string;
  'aria-label'?: string;
  children: ReactNode;
};

/** A create or edit form: its fields, the inline error, then Cancel and the submit button. */
export function FormShell({
  onSubmit,
  error,
  submitLabel,
  cancelLabel,
  onCancel,
  pending,
  cancelWhilePending = false,
  title,
  'aria-label': ariaLabel,
  children,
}: Props) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={ariaLabel}>
      <Stack gap="md">
        {title && (
          <Title order={2} fz="h3">
            {title}
          </Title>
        )}
        {children}
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={cancelWhilePending ? undefined : pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
