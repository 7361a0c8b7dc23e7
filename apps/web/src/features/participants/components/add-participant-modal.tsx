import { SimpleGrid, TextInput } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { requiredFieldProps } from '../../../components/required-label';
import { textField, useFormState } from '../../../lib/use-form-state';
import { useCreateParticipant } from '../api/create-participant';
import { tp } from '../i18n';
import { createParticipantError } from '../lib/errors';
import { validateParticipant } from '../lib/participant-form';
import { showParticipantCreated } from './participant-created-toast';

type Props = { eventId: number; opened: boolean; onClose: () => void };

const empty = { full_name: '', email: '', phone: '', username: '', organization: '', job_title: '' };

/** Add Participant (document 2 §2): Full Name* and Email* required; username derived when blank. */
export function AddParticipantModal({ eventId, opened, onClose }: Props) {
  const form = useFormState(() => empty);
  const create = useCreateParticipant(eventId);

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.handleSubmit(validateParticipant, (body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        showParticipantCreated(created.data.unique_code);
        close();
      },
      onError: (err) => form.setFormError(createParticipantError(err)),
    }),
  );

  return (
    <AppModal opened={opened} onClose={close} title={tp('add.title')} size="lg">
      <FormShell
        onSubmit={submit}
        error={form.formError}
        onCancel={close}
        pending={create.isPending}
        cancelWhilePending
        cancelLabel={tp('add.cancel')}
        submitLabel={tp('add.submit')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={tp('add.fullName')}
            {...requiredFieldProps}
            autoComplete="off"
            data-autofocus
            {...textField(form, 'full_name')}
          />
          <TextInput
            label={tp('add.email')}
            type="email"
            {...requiredFieldProps}
            autoComplete="off"
            {...textField(form, 'email')}
          />
          <TextInput label={tp('add.phone')} type="tel" autoComplete="off" {...textField(form, 'phone')} />
          <TextInput
            label={tp('add.username')}
            placeholder={tp('add.usernamePlaceholder')}
            autoComplete="off"
            {...textField(form, 'username')}
          />
          <TextInput label={tp('add.organization')} autoComplete="off" {...textField(form, 'organization')} />
          <TextInput label={tp('add.jobTitle')} autoComplete="off" {...textField(form, 'job_title')} />
        </SimpleGrid>
      </FormShell>
    </AppModal>
  );
}
