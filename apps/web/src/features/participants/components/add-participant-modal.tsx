import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormError } from '../../../components/form-error';
import { requiredLabelProps } from '../../../components/required-label';
import { notify } from '../../../lib/notify';
import { useCreateParticipant } from '../api/create-participant';
import { tp } from '../i18n';
import { createParticipantError } from '../lib/errors';

type Props = { eventId: number; opened: boolean; onClose: () => void };

const empty = { full_name: '', email: '', phone: '', username: '', organization: '', job_title: '' };
type Values = typeof empty;
type Errors = Partial<Record<'full_name' | 'email', string>>;

/** Add Participant (document 2 §2): Full Name* and Email* required; username derived when blank. */
export function AddParticipantModal({ eventId, opened, onClose }: Props) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateParticipant(eventId);

  const close = () => {
    setValues(empty);
    setErrors({});
    setServerError(null);
    create.reset();
    onClose();
  };

  const field = (name: keyof Values) => ({
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
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as Values;
    const next: Errors = {};
    if (!trimmed.full_name) next.full_name = tp('add.fullNameRequired');
    if (!trimmed.email) next.email = tp('add.emailRequired');
    setErrors(next);
    if (next.full_name || next.email) return;
    create.mutate(trimmed, {
      onSuccess: (created) => {
        notify(tp('add.success', { code: created.data.unique_code }), 'success', 10_000);
        close();
      },
      onError: (err) => setServerError(createParticipantError(err)),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={tp('add.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': tp('qr.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={tp('add.fullName')}
              required
              withAsterisk={false}
              labelProps={requiredLabelProps}
              autoComplete="off"
              error={errors.full_name}
              data-autofocus
              {...field('full_name')}
            />
            <TextInput
              label={tp('add.email')}
              type="email"
              required
              withAsterisk={false}
              labelProps={requiredLabelProps}
              autoComplete="off"
              error={errors.email}
              {...field('email')}
            />
            <TextInput label={tp('add.phone')} type="tel" autoComplete="off" {...field('phone')} />
            <TextInput
              label={tp('add.username')}
              placeholder={tp('add.usernamePlaceholder')}
              autoComplete="off"
              {...field('username')}
            />
            <TextInput label={tp('add.organization')} autoComplete="off" {...field('organization')} />
            <TextInput label={tp('add.jobTitle')} autoComplete="off" {...field('job_title')} />
          </SimpleGrid>
          <FormError message={serverError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} type="button">
              {tp('add.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {tp('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
