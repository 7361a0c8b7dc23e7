import { Paper } from '@mantine/core';
import type { TSession } from '@attend/shared';
import { useNavigate } from 'react-router';
import { FormShell } from '../../../components/form-shell';
import { paths } from '../../../config/paths';
import { useFormState } from '../../../lib/use-form-state';
import { useEvent } from '../../events';
import { useUpdateSession } from '../api/update-session';
import { ts } from '../i18n';
import { updateSessionErrorMessage } from '../lib/session-errors';
import { sessionFormValues, sessionRefusal, validateEditSession } from '../lib/session-form';
import { SessionFormFields } from './session-form-fields';

/** The editable fields of the session detail page; saving returns to the sessions list. */
export function SessionEditForm({ eventId, session }: { eventId: number; session: TSession }) {
  const navigate = useNavigate();
  const update = useUpdateSession(eventId, session.id);
  // The event's dates bound the session; the server checks them too, should they not be loaded yet.
  const event = useEvent(eventId).data;
  const form = useFormState(() => sessionFormValues(session, session.time_zone));
  const back = () => void navigate(paths.staff.sessions(eventId));
  const submit = form.handleSubmit(
    (values) => validateEditSession(values, session.time_zone, event),
    (body) =>
      update.mutate(
        body,
        form.saveHandlers(ts('detail.updated'), back, sessionRefusal(updateSessionErrorMessage)),
      ),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <FormShell
        onSubmit={submit}
        error={form.formError}
        onCancel={back}
        pending={update.isPending}
        cancelLabel={ts('form.cancel')}
        submitLabel={ts('form.save')}
        title={ts('detail.editTitle')}
      >
        <SessionFormFields
          form={form}
          activeLabel={ts('form.active')}
          locationRequired={false}
          timeZone={session.time_zone}
          event={event}
        />
      </FormShell>
    </Paper>
  );
}
