import { useState } from 'react';
import { Modal } from '@mantine/core';
import { FormShell } from '../../../components/form-shell';
import { toDateTimeInput } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
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
      <SessionFormFields
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        activeLabel={ts('form.isActive')}
        minStart={minStart}
      />
    </FormShell>
  );
}
