import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { toDateTimeInput } from '../../../lib/date-time';
import { useFormState } from '../../../lib/use-form-state';
import { useCreateSession } from '../api/create-session';
import { ts } from '../i18n';
import { createSessionErrorMessage } from '../lib/session-errors';
import { sessionFormValues, sessionRefusal, validateCreateSession } from '../lib/session-form';
import { SessionFormFields } from './session-form-fields';

type Props = { eventId: number; opened: boolean; onClose: () => void };

/** The Create Session modal (document 2 §2, §5, §8). */
export function CreateSessionModal({ eventId, opened, onClose }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title={ts('create.title')} size="lg">
      {opened && <CreateSessionForm eventId={eventId} onDone={onClose} />}
    </AppModal>
  );
}

function CreateSessionForm({ eventId, onDone }: { eventId: number; onDone: () => void }) {
  const create = useCreateSession(eventId);
  const form = useFormState(() => sessionFormValues());
  // The time inputs start at the present (document 2 §2).
  const [minStart] = useState(() => toDateTimeInput(new Date()));
  const submit = form.handleSubmit(validateCreateSession, (body) =>
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
      <SessionFormFields form={form} activeLabel={ts('form.isActive')} minStart={minStart} />
    </FormShell>
  );
}
