import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { useFormState } from '../../../lib/use-form-state';
import { useCreateEvent } from '../api/create-event';
import { te } from '../i18n';
import { EventFormFields, eventFormValues, eventRefusal, validateEventForm } from './event-form';

type Props = { opened: boolean; onClose: () => void };

/** The Create Event modal of /dashboard/events (document 2 §2, §5). */
export function CreateEventModal({ opened, onClose }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title={te('create.title')} size="lg">
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && <CreateEventForm onDone={onClose} />}
    </AppModal>
  );
}

function CreateEventForm({ onDone }: { onDone: () => void }) {
  const create = useCreateEvent();
  const form = useFormState(() => eventFormValues());
  const submit = form.handleSubmit(validateEventForm, (body) =>
    create.mutate(body, form.saveHandlers(te('create.success'), onDone, eventRefusal(te('create.failed')))),
  );

  return (
    <FormShell
      onSubmit={submit}
      error={form.formError}
      onCancel={onDone}
      pending={create.isPending}
      cancelLabel={te('form.cancel')}
      submitLabel={te('form.create')}
    >
      <EventFormFields form={form} />
    </FormShell>
  );
}
