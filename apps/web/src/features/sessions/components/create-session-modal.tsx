import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { toDateTimeInput } from '../../../lib/date-time';
import { useFormState } from '../../../lib/use-form-state';
import { useEvent } from '../../events';
import { useCreateSession } from '../api/create-session';
import { ts } from '../i18n';
import { createSessionErrorMessage } from '../lib/session-errors';
import {
  sessionFormValues,
  sessionRefusal,
  validateCreateSession,
  type EventWindow,
} from '../lib/session-form';
import { SessionFormFields } from './session-form-fields';

type Props = { eventId: number; opened: boolean; onClose: () => void };

/** The Create Session modal (document 2 §2, §5, §8). */
export function CreateSessionModal({ eventId, opened, onClose }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title={ts('create.title')} size="lg">
      {opened && <CreateSessionLoader eventId={eventId} onDone={onClose} />}
    </AppModal>
  );
}

/** The form needs the event's time zone: its times are wall-clock times there. */
function CreateSessionLoader({ eventId, onDone }: { eventId: number; onDone: () => void }) {
  const event = useEvent(eventId);
  if (event.data) return <CreateSessionForm eventId={eventId} event={event.data} onDone={onDone} />;
  if (event.isError)
    return <LoadFailed message={ts('create.eventFailed')} retryLabel={ts('list.tryAgain')} query={event} />;
  return <SectionLoader />;
}

function CreateSessionForm({
  eventId,
  event,
  onDone,
}: {
  eventId: number;
  event: EventWindow;
  onDone: () => void;
}) {
  const timeZone = event.time_zone;
  const create = useCreateSession(eventId);
  const form = useFormState(() => sessionFormValues(undefined, timeZone));
  // The time inputs start at the present (document 2 §2).
  const [minStart] = useState(() => toDateTimeInput(new Date(), timeZone));
  const submit = form.handleSubmit(
    (values) => validateCreateSession(values, timeZone, event),
    (body) =>
      create.mutate(
        body,
        form.saveHandlers(ts('create.success'), onDone, sessionRefusal(createSessionErrorMessage)),
      ),
  );

  return (
    <FormShell
      onSubmit={submit}
      error={form.formError}
      onCancel={onDone}
      pending={create.isPending}
      cancelLabel={ts('form.cancel')}
      submitLabel={ts('form.create')}
    >
      <SessionFormFields
        form={form}
        activeLabel={ts('form.isActive')}
        minStart={minStart}
        timeZone={timeZone}
        event={event}
      />
    </FormShell>
  );
}
