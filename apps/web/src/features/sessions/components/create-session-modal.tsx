import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { toDateTimeInput } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateSession } from '../api/create-session';
import { ts } from '../i18n';
import { createSessionErrorMessage, fieldErrorsOf } from '../lib/session-errors';
import {
  formErrorsFrom,
  sessionFormValues,
  validateCreateSession,
  type SessionFormErrors,
  type SessionFormValues,
} from '../lib/session-form';
import { SessionFormFields } from './session-form-fields';

type Props = { eventId: number; opened: boolean; onClose: () => void };

/** The Create Session modal (document 2 §2, §5, §8). */
export function CreateSessionModal({ eventId, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={ts('create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('notify.close') }}
    >
      {opened && <CreateSessionForm eventId={eventId} onDone={onClose} />}
    </Modal>
  );
}

function CreateSessionForm({ eventId, onDone }: { eventId: number; onDone: () => void }) {
  const create = useCreateSession(eventId);
  const [values, setValues] = useState<SessionFormValues>(() => sessionFormValues());
  const [errors, setErrors] = useState<SessionFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The time inputs start at the present (document 2 §2).
  const [minStart] = useState(() => toDateTimeInput(new Date()));

  const change = (patch: Partial<SessionFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof SessionFormValues];
      return next;
    });
    setFormError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateCreateSession(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.body, {
      onSuccess: () => {
        notify(ts('create.success'), 'success');
        onDone();
      },
      onError: (err) => {
        const message = createSessionErrorMessage(err);
        setErrors(formErrorsFrom(fieldErrorsOf(err)));
        setFormError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SessionFormFields
          values={values}
          errors={errors}
          onChange={change}
          activeLabel={ts('form.isActive')}
          minStart={minStart}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {ts('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {ts('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
