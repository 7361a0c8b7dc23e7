import { Paper } from '@mantine/core';
import type { TEventDetail } from '@attend/shared';
import { FormShell } from '../../../components/form-shell';
import { useFormState } from '../../../lib/use-form-state';
import { useUpdateEvent } from '../api/update-event';
import { te } from '../i18n';
import { EventFormFields, eventFormValues, eventRefusal, validateEventForm } from './event-form';

type Props = { event: TEventDetail; onDone: () => void };

/** Edit Event mode of the event detail page: the event's fields plus 'Event is active'. */
export function EventEditForm({ event, onDone }: Props) {
  const update = useUpdateEvent();
  const form = useFormState(() => eventFormValues(event));
  const submit = form.handleSubmit(validateEventForm, (body) =>
    update.mutate(
      { eventId: event.id, body },
      form.saveHandlers(te('detail.updated'), onDone, eventRefusal(te('detail.updateFailed'))),
    ),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <FormShell
        onSubmit={submit}
        error={form.formError}
        onCancel={onDone}
        pending={update.isPending}
        cancelLabel={te('form.cancel')}
        submitLabel={te('form.save')}
        title={te('detail.editTitle')}
      >
        <EventFormFields form={form} withActive event={event} />
      </FormShell>
    </Paper>
  );
}
