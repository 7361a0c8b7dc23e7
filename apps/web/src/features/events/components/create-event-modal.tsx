import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { paths } from '../../../config/paths';
import { useFormState } from '../../../lib/use-form-state';
import { useCreateEvent } from '../api/create-event';
import { te } from '../i18n';
import { EventFormFields, eventFormValues, eventRefusal, validateEventForm } from './event-form';

type Props = { opened: boolean; onClose: () => void };

/** The Create Event modal of /dashboard/events (document 2 §2, §5); on success it opens the new event. */
export function CreateEventModal({ opened, onClose }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title={te('create.title')} size="lg">
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && <CreateEventForm onDone={onClose} />}
    </AppModal>
  );
}

function CreateEventForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const form = useFormState(() => eventFormValues());
  const submit = form.handleSubmit(validateEventForm, (body) => {
    const handlers = form.saveHandlers(te('create.success'), onDone, eventRefusal(te('create.failed')));
    create.mutate(body, {
      ...handlers,
      // The next thing an organiser does is set the new event up: land in it, as pretix and Hi.Events do.
      onSuccess: (event) => {
        handlers.onSuccess();
        void navigate(paths.staff.event(event.id));
      },
    });
  });

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
