import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateEvent } from '../api/create-event';
import { te } from '../i18n';
import {
  EventFormFields,
  eventFormValues,
  serverFieldErrors,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form';

type Props = { opened: boolean; onClose: () => void };

/** The Create Event modal of /dashboard/events (document 2 §2, §5). */
export function CreateEventModal({ opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={te('create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('notify.close') }}
    >
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && <CreateEventForm onDone={onClose} />}
    </Modal>
  );
}

function CreateEventForm({ onDone }: { onDone: () => void }) {
  const create = useCreateEvent();
  const [values, setValues] = useState<EventFormValues>(() => eventFormValues());
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (patch: Partial<EventFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof EventFormValues];
      return next;
    });
    setFormError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateEventForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.body, {
      onSuccess: () => {
        notify(te('create.success'), 'success');
        onDone();
      },
      onError: (err) => {
        const message = err instanceof ApiError && err.detail ? err.detail : te('create.failed');
        setErrors(serverFieldErrors(err));
        setFormError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EventFormFields values={values} errors={errors} onChange={change} />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {te('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {te('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
