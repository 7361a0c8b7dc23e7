import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, type TCheckIn, type TWalkInCreate } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { requiredFieldProps } from '../../../components/required-label';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { textField, useFormState, type Checked, type FieldErrors } from '../../../lib/use-form-state';
import { useCreateWalkIn } from '../api/create-walk-in';
import { tc } from '../i18n';

type Values = { full_name: string; email: string; phone: string; organization: string };
type Props = {
  eventId: number;
  /** Where the station checks people in: null for the door. */
  session: number | null;
  sessionName: string;
  opened: boolean;
  onClose: () => void;
  /** The walk-in was added and checked in. */
  onCheckedIn: (record: TCheckIn) => void;
};

const empty: Values = { full_name: '', email: '', phone: '', organization: '' };
const fields = new Set<string>(Object.keys(empty));

/** Full Name and Email required, the address of the form the API accepts; every field trimmed. */
function validate(values: Values): Checked<Omit<TWalkInCreate, 'session'>, Values> {
  const body = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    organization: values.organization.trim(),
  };
  const errors: FieldErrors<Values> = {};
  if (!body.full_name) errors.full_name = tc('walkIn.fullNameRequired');
  if (!body.email) errors.email = tc('walkIn.emailRequired');
  else if (!EMAIL_PATTERN.test(body.email)) errors.email = tc('walkIn.invalidEmail');
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/**
 * Add walk-in: someone not on the list, added, confirmed and checked in at the station's door or
 * session in one call. A refusal stays in the form (an e-mail already in the event names the
 * participant to look up instead).
 */
export function WalkInModal({ eventId, session, sessionName, opened, onClose, onCheckedIn }: Props) {
  const form = useFormState(() => empty);
  const create = useCreateWalkIn(eventId);

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  // A refusal: in the form, on the fields it names, and as a toast (the success is the station's).
  const { onError } = form.saveHandlers('', close, (err) => ({
    message: serverMessage(err, tc('walkIn.failed')),
    errors: formFieldErrors<keyof Values>(err, fields),
  }));

  const submit = form.handleSubmit(validate, (body) =>
    create.mutate(
      { ...body, session },
      {
        onSuccess: (record) => {
          close();
          onCheckedIn(record);
        },
        onError,
      },
    ),
  );

  return (
    <AppModal opened={opened} onClose={close} title={tc('walkIn.title')} size="lg">
      <FormShell
        onSubmit={submit}
        error={form.formError}
        onCancel={close}
        pending={create.isPending}
        cancelWhilePending
        cancelLabel={tc('walkIn.cancel')}
        submitLabel={tc('walkIn.submit')}
        aria-label={tc('walkIn.title')}
      >
        <Stack gap="md">
          <Text size="sm">{tc('walkIn.intro', { session: sessionName })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={tc('walkIn.fullName')}
              {...requiredFieldProps}
              autoComplete="off"
              data-autofocus
              {...textField(form, 'full_name')}
            />
            <TextInput
              label={tc('walkIn.email')}
              type="email"
              {...requiredFieldProps}
              autoComplete="off"
              {...textField(form, 'email')}
            />
            <TextInput
              label={tc('walkIn.phone')}
              type="tel"
              autoComplete="off"
              {...textField(form, 'phone')}
            />
            <TextInput
              label={tc('walkIn.organization')}
              autoComplete="off"
              {...textField(form, 'organization')}
            />
          </SimpleGrid>
        </Stack>
      </FormShell>
    </AppModal>
  );
}
