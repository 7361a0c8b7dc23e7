import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, type TParticipant } from '@attend/shared';
import { FormError } from '../../../components/form-error';
import { requiredLabelProps } from '../../../components/required-label';
import { notify } from '../../../lib/notify';
import { useUpdateParticipant } from '../api/update-participant';
import { tp } from '../i18n';
import { updateParticipantError } from '../lib/errors';

type Editable = Pick<TParticipant, 'full_name' | 'email' | 'phone' | 'organization' | 'job_title'>;
type Errors = Partial<Record<'full_name' | 'email', string>>;

/** Edit mode (document 2 §2): five fields; username and unique code are shown but protected. */
export function ParticipantEditForm({
  participant,
  onDone,
}: {
  participant: TParticipant;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Editable>({
    full_name: participant.full_name,
    email: participant.email,
    phone: participant.phone,
    organization: participant.organization,
    job_title: participant.job_title,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateParticipant(participant.event, participant.id);

  const field = (name: keyof Editable) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
      setServerError(null);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed: Editable = {
      full_name: values.full_name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      organization: values.organization.trim(),
      job_title: values.job_title.trim(),
    };
    const next: Errors = {};
    if (!trimmed.full_name) next.full_name = tp('add.fullNameRequired');
    if (!trimmed.email) next.email = tp('add.emailRequired');
    else if (!EMAIL_PATTERN.test(trimmed.email)) next.email = tp('detail.invalidEmail');
    setErrors(next);
    if (next.full_name || next.email) return;
    update.mutate(trimmed, {
      onSuccess: () => {
        notify(tp('detail.updated'), 'success');
        onDone();
      },
      onError: (err) => {
        const message = updateParticipantError(err);
        setServerError(message);
        notify(message, 'error');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={tp('detail.edit')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={tp('detail.fullName')}
            required
            withAsterisk={false}
            labelProps={requiredLabelProps}
            error={errors.full_name}
            {...field('full_name')}
          />
          <TextInput
            label={tp('detail.email')}
            type="email"
            required
            withAsterisk={false}
            labelProps={requiredLabelProps}
            error={errors.email}
            {...field('email')}
          />
          <TextInput label={tp('detail.phone')} type="tel" {...field('phone')} />
          <TextInput label={tp('detail.organization')} {...field('organization')} />
          <TextInput label={tp('detail.jobTitle')} {...field('job_title')} />
          <TextInput label={tp('detail.username')} value={participant.username} readOnly disabled />
          <TextInput label={tp('detail.uniqueCode')} value={participant.unique_code} readOnly disabled />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {tp('detail.protected')}
        </Text>
        <FormError message={serverError} />
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onDone} disabled={update.isPending}>
            {tp('detail.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {tp('detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
