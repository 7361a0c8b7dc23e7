import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { TSession } from '@attend/shared';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useUpdateSession } from '../api/update-session';
import { ts } from '../i18n';
import { fieldErrorsOf, updateSessionErrorMessage } from '../lib/session-errors';
import {
  formErrorsFrom,
  sessionFormValues,
  validateEditSession,
  type SessionFormErrors,
  type SessionFormValues,
} from '../lib/session-form';
import { SessionFormFields } from './session-form-fields';

/** The editable fields of the session detail page; saving returns to the sessions list. */
export function SessionEditForm({ eventId, session }: { eventId: number; session: TSession }) {
  const navigate = useNavigate();
  const update = useUpdateSession(eventId, session.id);
  const [values, setValues] = useState<SessionFormValues>(() => sessionFormValues(session));
  const [errors, setErrors] = useState<SessionFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const back = () => void navigate(paths.staff.sessions(eventId));

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
    const checked = validateEditSession(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    update.mutate(checked.body, {
      onSuccess: () => {
        notify(ts('detail.updated'), 'success');
        back();
      },
      onError: (err) => {
        const message = updateSessionErrorMessage(err);
        setErrors(formErrorsFrom(fieldErrorsOf(err)));
        setFormError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3">
            {ts('detail.editTitle')}
          </Title>
          <SessionFormFields
            values={values}
            errors={errors}
            onChange={change}
            activeLabel={ts('form.active')}
            locationRequired={false}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={back} disabled={update.isPending}>
              {ts('form.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {ts('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
