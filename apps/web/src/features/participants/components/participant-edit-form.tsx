import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { TParticipant } from '@attend/shared';
import { FormShell } from '../../../components/form-shell';
import { requiredFieldProps } from '../../../components/required-label';
import { isLanguage, LANGUAGE_NAMES, t } from '../../../lib/i18n';
import { textField, useFormState } from '../../../lib/use-form-state';
import { useUpdateParticipant } from '../api/update-participant';
import { tp } from '../i18n';
import { updateParticipantError } from '../lib/errors';
import { validateParticipant } from '../lib/participant-form';

type Editable = Pick<
  TParticipant,
  'full_name' | 'email' | 'phone' | 'organization' | 'job_title' | 'language'
>;

const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }));

/**
 * Edit mode (document 2 §2): five fields, and the language of the participant's messages; username
 * and unique code are shown but protected.
 */
export function ParticipantEditForm({
  participant,
  onDone,
}: {
  participant: TParticipant;
  onDone: () => void;
}) {
  const form = useFormState<Editable>(() => ({
    full_name: participant.full_name,
    email: participant.email,
    phone: participant.phone,
    organization: participant.organization,
    job_title: participant.job_title,
    language: participant.language,
  }));
  const update = useUpdateParticipant(participant.event, participant.id);

  const submit = form.handleSubmit(
    (values) => validateParticipant(values, true),
    (body) =>
      update.mutate(
        body,
        form.saveHandlers(tp('detail.updated'), onDone, (err) => ({ message: updateParticipantError(err) })),
      ),
  );

  return (
    <FormShell
      onSubmit={submit}
      error={form.formError}
      onCancel={onDone}
      pending={update.isPending}
      cancelLabel={tp('detail.cancel')}
      submitLabel={tp('detail.save')}
      aria-label={tp('detail.edit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={tp('detail.fullName')} {...requiredFieldProps} {...textField(form, 'full_name')} />
        <TextInput
          label={tp('detail.email')}
          type="email"
          {...requiredFieldProps}
          {...textField(form, 'email')}
        />
        <TextInput label={tp('detail.phone')} type="tel" {...textField(form, 'phone')} />
        <TextInput label={tp('detail.organization')} {...textField(form, 'organization')} />
        <TextInput label={tp('detail.jobTitle')} {...textField(form, 'job_title')} />
        <Select
          label={t('language.label')}
          data={LANGUAGE_OPTIONS}
          value={form.values.language}
          onChange={(value) => {
            if (isLanguage(value)) form.change({ language: value });
          }}
          allowDeselect={false}
        />
        <TextInput label={tp('detail.username')} value={participant.username} readOnly disabled />
        <TextInput label={tp('detail.uniqueCode')} value={participant.unique_code} readOnly disabled />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {tp('detail.protected')}
      </Text>
    </FormShell>
  );
}
