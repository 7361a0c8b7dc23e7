import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { TEventDetail } from '@attend/shared';
import { FormError } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateEvent } from '../api/update-event';
import { te } from '../i18n';
import {
  EventFormFields,
  eventFormValues,
  serverFieldErrors,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form';

type Props = { event: TEventDetail; onDone: () => void };

/** Edit Event mode of the event detail page: the event's fields plus 'Event is active'. */
export function EventEditForm({ event, onDone }: Props) {
  const update = useUpdateEvent();
  const [values, setValues] = useState<EventFormValues>(() => eventFormValues(event));
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
    update.mutate(
      { eventId: event.id, body: checked.body },
      {
        onSuccess: () => {
          notify(te('detail.updated'), 'success');
          onDone();
        },
        onError: (err) => {
          const message = err instanceof ApiError && err.detail ? err.detail : te('detail.updateFailed');
          setErrors(serverFieldErrors(err));
          setFormError(message);
          notify(message, 'error');
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3">
            {te('detail.editTitle')}
          </Title>
          <EventFormFields values={values} errors={errors} onChange={change} withActive />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              {te('form.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {te('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
